// 'Edit Alarm Parameters For a Site' (spec 2 §2, §4 'Site alarm parameter', §5, §8): the site's parameters of one
// alarm type and gas on the left ('(new)', '(modified)'), the chosen one's form on the right. A template fills and
// locks the detail; Max forces the minimum window; a new device type clears the devices; a parameter turns off only
// once saved; without the sensor parameters can only be turned off. Save needs every parameter valid and one changed;
// the server's errors land on the parameter by index and property, with GlobalErrors listed.
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '@/api/client';
import type { AlarmParameterEdit, AlarmParameterTemplate } from '@/contracts/alarm-parameter';
import {
  DEFAULT_WINDOW_HOURS,
  PARAMETER_MESSAGES,
  siteParameterChange,
  siteParameterProblems,
  usesSelectedDevices,
  type SiteParameterForm,
} from '@/domain/alarm-parameter';
import { AlarmDeviceFilter, AlarmType, Aggregation, SiteAlarmParameterStatus } from '@/domain/enums';
import { measurementType } from '@/domain/measurement-type';
import { DEFAULT_UNIT_CONFIGURATION, measurementInDisplayUnit } from '@/domain/units';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import { InlineAlert } from '@/ui/form/form-alert';
import { useParameterEdit, useSaveParameters, useTemplates } from './api';
import { DetailFields, detailOf } from './detail-fields';

interface Item extends SiteParameterForm {
  itemId: number;
  warnings: string[];
}

const ON = SiteAlarmParameterStatus.values.On;
const OFF = SiteAlarmParameterStatus.values.Off;

export function columnTitle(alarmType: number, measurementTypeId: number): string {
  return alarmType === AlarmType.values.Measurement
    ? measurementType(measurementTypeId).label
    : AlarmType.label(alarmType);
}

function toItems(data: AlarmParameterEdit): Item[] {
  return data.parameters.map((p, i) => ({
    ...detailOf(p.detail),
    itemId: i + 1,
    id: p.id,
    alarmType: p.alarmType,
    measurementTypeId: p.measurementTypeId,
    status: p.status,
    alarmParameterTemplateId: p.alarmParameterTemplateId,
    alarmDeviceType: p.alarmDeviceType,
    deviceIds: p.deviceIds,
    warnings: p.warnings,
  }));
}

const comparable = (i: Item) => JSON.stringify({ ...i, itemId: 0, warnings: [] });

export function EditParametersDialog({
  organizationId,
  siteId,
  alarmType,
  measurementTypeId,
  onClose,
}: {
  organizationId: number;
  siteId: number;
  alarmType: number;
  measurementTypeId: number;
  onClose: () => void;
}) {
  const edit = useParameterEdit(organizationId, siteId, alarmType, measurementTypeId);
  const templates = useTemplates(organizationId, false);
  const title = `Edit Alarm Parameters For a Site`;
  return (
    <Modal open title={title} onClose={onClose} wide>
      {edit.isPending || templates.isPending ? (
        <Spinner label="Loading parameters" />
      ) : edit.error || templates.error ? (
        <LoadError message={(edit.error ?? templates.error)!.message} onRetry={() => void edit.refetch()} />
      ) : (
        <Editor
          data={edit.data}
          templates={templates.data.filter(
            (t) => t.alarmType === alarmType && t.measurementTypeId === measurementTypeId,
          )}
          organizationId={organizationId}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function Editor({
  data,
  templates,
  organizationId,
  onClose,
}: {
  data: AlarmParameterEdit;
  templates: AlarmParameterTemplate[];
  organizationId: number;
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSaveParameters();
  const saved = useMemo(() => toItems(data), [data]);
  const [items, setItems] = useState<Item[]>(saved);
  const [selected, setSelected] = useState<number | null>(saved[0]?.itemId ?? null);
  const [serverErrors, setServerErrors] = useState<Record<number, Record<string, string>>>({});
  const [globalErrors, setGlobalErrors] = useState<string[]>([]);
  useEffect(() => setItems(saved), [saved]);
  const measurement = data.alarmType === AlarmType.values.Measurement;
  const gas = columnTitle(data.alarmType, data.measurementTypeId);
  const unit = measurement
    ? measurementInDisplayUnit(0, measurementType(data.measurementTypeId).unitKind, DEFAULT_UNIT_CONFIGURATION).label
    : '';
  const original = new Map(saved.map((s) => [s.itemId, comparable(s)]));
  const state = (i: Item) => (i.id === 0 ? 'new' : original.get(i.itemId) !== comparable(i) ? 'modified' : null);
  const problemsOf = (i: Item) => ({ ...siteParameterProblems(i), ...(serverErrors[i.itemId] ?? {}) });
  const allValid = items.every((i) => Object.keys(siteParameterProblems(i)).length === 0);
  const changed = items.some((i) => state(i) !== null);
  const current = items.find((i) => i.itemId === selected) ?? null;

  function update(itemId: number, change: (i: Item) => Item) {
    setItems((all) => all.map((i) => (i.itemId === itemId ? change(i) : i)));
    setServerErrors((e) => ({ ...e, [itemId]: {} }));
  }

  function add() {
    const itemId = Math.max(0, ...items.map((i) => i.itemId)) + 1;
    setItems((all) => [...all, newItem(itemId, data, measurement)]);
    setSelected(itemId);
  }

  async function submit() {
    setGlobalErrors([]);
    setServerErrors({});
    try {
      await save.mutateAsync({
        organizationId,
        siteId: data.siteId,
        alarmType: data.alarmType,
        measurementTypeId: data.measurementTypeId,
        // Only what changed is sent; an Off parameter sends no detail or template (spec 2 §4).
        parameters: items
          .filter((i) => state(i) !== null)
          .map((i) => ({
            id: i.id,
            status: i.status,
            alarmParameterTemplateId: i.status === OFF ? null : i.alarmParameterTemplateId,
            alarmDeviceType: i.alarmDeviceType,
            deviceIds: i.deviceIds,
            detail: detailOf(i),
          })),
      });
      toast('Alarm parameters saved', 'success');
      onClose();
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 400) return setGlobalErrors([PARAMETER_MESSAGES.unexpected]);
      const sent = items.filter((i) => state(i) !== null);
      const byItem: Record<number, Record<string, string>> = {};
      for (const [key, messages] of Object.entries(e.errors)) {
        const m = /^(\d+)\.(\w+)$/.exec(key);
        const item = m ? sent[Number(m[1])] : undefined;
        if (item) (byItem[item.itemId] ??= {})[m![2]!] = messages.join(' ');
      }
      setServerErrors(byItem);
      setGlobalErrors(e.errors.GlobalErrors ?? (Object.keys(byItem).length ? [] : [e.message]));
      const first = sent.find((i) => byItem[i.itemId]);
      if (first) setSelected(first.itemId);
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-base-content/80">{`${data.siteName} · ${gas}`}</p>
      {!data.sensorPresent && <InlineAlert tone="warning">{PARAMETER_MESSAGES.noSensor(gas)}</InlineAlert>}
      {globalErrors.length > 0 && (
        <ul className="alert alert-error flex-col items-start py-2 text-sm" role="alert">
          {globalErrors.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
        <div className="grid content-start gap-1">
          <ParameterList
            items={items}
            selected={selected}
            onSelect={setSelected}
            describe={(i) => ({
              state: state(i),
              invalid: Object.keys(problemsOf(i)).length > 0,
              template: templates.find((t) => t.id === i.alarmParameterTemplateId),
            })}
            unit={unit}
          />
          <button type="button" className="btn btn-sm btn-outline" disabled={!data.sensorPresent} onClick={add}>
            Add Parameter
          </button>
        </div>
        {current ? (
          <ParameterForm
            item={current}
            templates={templates}
            devices={data.devices}
            measurement={measurement}
            unit={unit}
            errors={problemsOf(current)}
            sensorPresent={data.sensorPresent}
            onChange={(change) => update(current.itemId, change)}
          />
        ) : (
          <p className="text-sm text-base-content/70">Choose a parameter, or add one.</p>
        )}
      </div>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!allValid || !changed || save.isPending}
          onClick={() => void submit()}
        >
          {save.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Save
        </button>
      </div>
    </div>
  );
}

/** A new parameter as the spec starts one: On, no template, all Qubes and Max for a measurement, the default window. */
function newItem(itemId: number, data: AlarmParameterEdit, measurement: boolean): Item {
  return {
    itemId,
    id: 0,
    alarmType: data.alarmType,
    measurementTypeId: data.measurementTypeId,
    status: ON,
    alarmParameterTemplateId: null,
    alarmDeviceType: measurement ? AlarmDeviceFilter.values.AllQube : null,
    deviceIds: [],
    calculationMethod: measurement ? Aggregation.values.Max : Aggregation.values.Average,
    hiThreshold: null,
    hiHiThreshold: null,
    criticalThreshold: null,
    slidingWindowSizeInHours: DEFAULT_WINDOW_HOURS,
    resetEvaluationPeriodInHours: measurement ? 1 : null,
    triggersLdarWorkflow: false,
    warnings: [],
  };
}

/** The site's parameters: On/Off, the template's name or the HI threshold, new/modified, and a mark when invalid. */
function ParameterList({
  items,
  selected,
  onSelect,
  describe,
  unit,
}: {
  items: readonly Item[];
  selected: number | null;
  onSelect: (itemId: number) => void;
  describe: (i: Item) => { state: string | null; invalid: boolean; template: AlarmParameterTemplate | undefined };
  unit: string;
}) {
  return (
    <ul className="menu rounded-box bg-base-200 p-1" aria-label="Parameters">
      {items.length === 0 && <li className="p-2 text-sm text-base-content/70">No parameters yet.</li>}
      {items.map((i) => {
        const { state: s, invalid, template } = describe(i);
        return (
          <li key={i.itemId}>
            <button
              type="button"
              className={selected === i.itemId ? 'menu-active' : ''}
              aria-current={selected === i.itemId}
              onClick={() => onSelect(i.itemId)}
            >
              <span className={`badge badge-xs ${i.status === ON ? 'badge-success' : 'badge-ghost'}`}>
                {i.status === ON ? 'On' : 'Off'}
              </span>
              <span className="grow text-left">
                {template
                  ? template.name
                  : i.hiThreshold !== null
                    ? `HI ${i.hiThreshold}${unit ? ` ${unit}` : ''}`
                    : 'Parameter'}
              </span>
              {s && <span className="text-xs">{`(${s})`}</span>}
              {invalid && <span className="badge badge-xs badge-error">!</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ParameterForm(props: {
  item: Item;
  templates: AlarmParameterTemplate[];
  devices: AlarmParameterEdit['devices'];
  measurement: boolean;
  unit: string;
  errors: Record<string, string>;
  sensorPresent: boolean;
  onChange: (change: (i: Item) => Item) => void;
}) {
  const { item, templates, devices, measurement, unit, errors, sensorPresent, onChange } = props;
  const set = <K extends keyof SiteParameterForm>(key: K, value: SiteParameterForm[K]) =>
    onChange((i) => ({ ...i, ...siteParameterChange(i, key, value) }));
  const off = item.status === OFF;
  const template = templates.find((t) => t.id === item.alarmParameterTemplateId) ?? null;
  const detail = template ? template.detail : detailOf(item);
  const lite =
    item.alarmDeviceType === AlarmDeviceFilter.values.AllQubeLite ||
    item.alarmDeviceType === AlarmDeviceFilter.values.SelectedQubeLite;
  const pickable = devices.filter((d) => d.deviceType === (lite ? 'QubeLite' : 'Qube'));
  return (
    <div className="grid content-start gap-3">
      {item.warnings.map((w) => (
        <p key={w} className="alert alert-warning py-1 text-sm">
          {w}
        </p>
      ))}
      <fieldset className="flex items-center gap-4 text-sm">
        <legend className="mb-1 font-medium">Status</legend>
        {[ON, OFF].map((s) => (
          <label key={s} className="flex items-center gap-1">
            {/* Off only once saved; On only with the sensor at the site. */}
            <input
              type="radio"
              className="radio radio-sm"
              name={`status-${item.itemId}`}
              checked={item.status === s}
              disabled={(s === OFF && item.id === 0) || (s === ON && !sensorPresent)}
              onChange={() => set('status', s)}
            />
            {SiteAlarmParameterStatus.label(s)}
          </label>
        ))}
        {errors.status && <span className="text-xs text-error">{errors.status}</span>}
      </fieldset>
      <label className="form-control">
        <span className="label-text mb-1 text-sm font-medium">Template</span>
        <select
          className={`select select-sm w-full ${errors.alarmParameterTemplateId ? 'select-error' : ''}`}
          disabled={off}
          value={item.alarmParameterTemplateId ?? ''}
          onChange={(e) => set('alarmParameterTemplateId', e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">No template (custom detail)</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        {errors.alarmParameterTemplateId && (
          <span className="mt-1 text-xs text-error">{errors.alarmParameterTemplateId}</span>
        )}
      </label>
      {measurement && (
        <div className="grid grid-cols-2 gap-2">
          <label className="form-control">
            <span className="label-text mb-1 text-sm font-medium">Device Type</span>
            <select
              className={`select select-sm w-full ${errors.alarmDeviceType ? 'select-error' : ''}`}
              disabled={off}
              value={item.alarmDeviceType ?? ''}
              onChange={(e) => set('alarmDeviceType', e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">Choose</option>
              {AlarmDeviceFilter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errors.alarmDeviceType && <span className="mt-1 text-xs text-error">{errors.alarmDeviceType}</span>}
          </label>
          {usesSelectedDevices(item.alarmDeviceType) && (
            <fieldset className="text-sm">
              <legend className="mb-1 font-medium">Devices</legend>
              <div className="max-h-28 overflow-auto rounded-box border border-base-300 p-1">
                {pickable.length === 0 && <p className="text-base-content/70">No such devices at this site.</p>}
                {pickable.map((d) => (
                  <label key={d.id} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-xs"
                      disabled={off}
                      checked={item.deviceIds.includes(d.id)}
                      onChange={(e) =>
                        set(
                          'deviceIds',
                          e.target.checked ? [...item.deviceIds, d.id] : item.deviceIds.filter((x) => x !== d.id),
                        )
                      }
                    />
                    {d.name}
                  </label>
                ))}
              </div>
              {errors.deviceIds && <span className="mt-1 text-xs text-error">{errors.deviceIds}</span>}
            </fieldset>
          )}
        </div>
      )}
      <DetailFields
        detail={detail}
        errors={template ? {} : errors}
        disabled={off || template !== null}
        unit={unit}
        onChange={(key, value) => set(key, value as SiteParameterForm[typeof key])}
      />
    </div>
  );
}
