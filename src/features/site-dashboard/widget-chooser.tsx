// Show/Hide Widgets in the dashboard's pinned bar (spec 3 §2): a box per widget by group; a widget the site has no
// data for is disabled with the spec's tooltip. Diagnostic groups are collapsible and start folded unless one of
// theirs is shown.
import { SITE_WIDGET_UNAVAILABLE, type SiteWidget, type SiteWidgetGroup } from '@/domain/site-dashboard';
import { Popover } from '@/ui/popover';
import { toggleWidget, widgetLabel } from './site-widget-choice';

interface Choice {
  selected: readonly SiteWidget[];
  available: (x: SiteWidget) => boolean;
  onChoose: (next: SiteWidget[]) => void;
}

export function WidgetChooser({ groups, ...choice }: Choice & { groups: readonly SiteWidgetGroup[] }) {
  return (
    <Popover
      label="Show/Hide Widgets"
      buttonClassName="btn btn-sm btn-outline"
      haspopup="true"
      panelClassName="absolute left-0 top-full z-40 mt-1 max-h-[70vh] w-72 overflow-auto rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
    >
      {() => groups.map((g) => <WidgetGroupChoice key={g.name} group={g} {...choice} />)}
    </Popover>
  );
}

function WidgetGroupChoice({ group: g, ...choice }: Choice & { group: SiteWidgetGroup }) {
  const boxes = g.widgets.map((x) => <WidgetBox key={String(x)} widget={x} {...choice} />);
  if (g.diagnostic) {
    const chosen = g.widgets.filter((x) => choice.selected.includes(x)).length;
    return (
      <details className="mb-1" open={chosen > 0}>
        <summary className="cursor-pointer px-1 text-xs font-semibold uppercase text-base-content/70">
          {g.name}
          {chosen > 0 ? ` (${chosen})` : ''}
        </summary>
        <div role="group" aria-label={g.name}>
          {boxes}
        </div>
      </details>
    );
  }
  return (
    <fieldset className="mb-1">
      <legend className="px-1 text-xs font-semibold uppercase text-base-content/70">{g.name}</legend>
      {boxes}
    </fieldset>
  );
}

function WidgetBox({ widget: x, selected, available, onChoose }: Choice & { widget: SiteWidget }) {
  const has = available(x);
  return (
    <label
      className={`flex items-center gap-2 rounded px-2 py-0.5 text-sm ${has ? 'cursor-pointer hover:bg-base-200' : 'text-base-content/50'}`}
      title={has ? undefined : SITE_WIDGET_UNAVAILABLE}
    >
      <input
        type="checkbox"
        className="checkbox checkbox-xs"
        disabled={!has}
        checked={has && selected.includes(x)}
        onChange={(e) => onChoose(toggleWidget(selected, x, e.target.checked))}
      />
      {widgetLabel(x)}
    </label>
  );
}
