// The filter popover of one column header: a filter type of spec 1 §3 and its value(s). Enter applies, Escape closes.
import { useEffect, useRef, useState } from 'react';
import { useOutsideClick } from '../hooks/use-outside-click';
import {
  FILTER_TYPES_BY_KIND,
  needsNoValue,
  needsRange,
  type ColumnFilterValue,
  type ColumnKind,
  type FilterType,
} from '@/domain/grid-filter';

interface Props {
  header: string;
  kind: ColumnKind;
  /** A fixed list of values to choose from (an enumeration's labels). */
  options?: readonly string[];
  value: ColumnFilterValue | undefined;
  onApply: (value: ColumnFilterValue | undefined) => void;
  onClose: () => void;
}

const inputType = (kind: ColumnKind) => (kind === 'number' ? 'number' : kind === 'date' ? 'date' : 'text');

const OPTION_TYPES: readonly FilterType[] = ['equals', 'not equal'];

export function ColumnFilterPopover({ header, kind, options, value, onApply, onClose }: Props) {
  const types = options ? OPTION_TYPES : FILTER_TYPES_BY_KIND[kind];
  const [type, setType] = useState<FilterType>(value?.type ?? types[0]!);
  const [first, setFirst] = useState(value?.value ?? options?.[0] ?? '');
  const [second, setSecond] = useState(value?.valueTo ?? '');
  const ref = useRef<HTMLFormElement>(null);

  useEffect(() => ref.current?.querySelector<HTMLElement>('select')?.focus(), []);
  useOutsideClick(ref, true, onClose);

  return (
    <form
      ref={ref}
      role="dialog"
      aria-label={`Filter ${header}`}
      className="absolute left-0 top-full z-30 mt-1 flex w-60 flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3 text-left font-normal normal-case shadow-lg"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      onSubmit={(e) => {
        e.preventDefault();
        onApply({
          type,
          value: needsNoValue(type) ? undefined : first,
          valueTo: needsRange(type) ? second : undefined,
        });
      }}
    >
      <label className="flex flex-col gap-1 text-xs">
        <span>Filter type</span>
        <select className="select select-sm" value={type} onChange={(e) => setType(e.target.value as FilterType)}>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      {!needsNoValue(type) && (
        <label className="flex flex-col gap-1 text-xs">
          <span>{needsRange(type) ? 'From' : 'Value'}</span>
          {options ? (
            <select className="select select-sm" value={first} onChange={(e) => setFirst(e.target.value)}>
              {options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          ) : (
            <input
              className="input input-sm"
              type={inputType(kind)}
              value={first}
              onChange={(e) => setFirst(e.target.value)}
            />
          )}
        </label>
      )}
      {needsRange(type) && (
        <label className="flex flex-col gap-1 text-xs">
          <span>To</span>
          <input
            className="input input-sm"
            type={inputType(kind)}
            value={second}
            onChange={(e) => setSecond(e.target.value)}
          />
        </label>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-xs" onClick={() => onApply(undefined)}>
          Clear
        </button>
        <button type="submit" className="btn btn-primary btn-xs">
          Apply
        </button>
      </div>
    </form>
  );
}
