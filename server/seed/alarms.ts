// Demo alarm setup: each organization's alarm parameter templates, every site's CH4 parameter (some with the LDAR
// template, a few with their own detail), one deleted template; then the alarm engine raises the demo alarms from
// the demo data, and a share of the older ones are resolved and commented as operators would have.
import { CH4 } from '@/domain/alarm-parameter';
import { AlarmDeviceFilter, AlarmType, SiteAlarmParameterStatus } from '@/domain/enums';
import type { Database } from '../db/client';
import { evaluateAlarms } from '../services/alarm-engine/run';
import { parameterSnapshot, recordHistory, templateSnapshot } from '../services/alarm-parameter';
import { CALCULATION_AVERAGE, CALCULATION_MAX } from '../services/alarm-engine/episodes';
import type { Random } from './random';

const H2S = 4;
const TEMPLATES = [
  {
    name: 'CH4 Spike',
    type: CH4,
    method: CALCULATION_MAX,
    hi: 30,
    hiHi: 80,
    critical: 160,
    window: 0.25,
    reset: 2,
    ldar: false,
  },
  {
    name: 'CH4 Sustained Leak',
    type: CH4,
    method: CALCULATION_AVERAGE,
    hi: 25,
    hiHi: 50,
    critical: 90,
    window: 1,
    reset: 4,
    ldar: true,
  },
  {
    name: 'H2S Safety',
    type: H2S,
    method: CALCULATION_MAX,
    hi: 5,
    hiHi: 10,
    critical: 20,
    window: 0.25,
    reset: 1,
    ldar: false,
  },
  // Emission Rate over the modelled site rate (kg/h): an hour's average; Basic, converted to LDAR when a crew goes out.
  {
    name: 'Site Emission Rate',
    type: CH4,
    method: CALCULATION_AVERAGE,
    hi: 10,
    hiHi: 20,
    critical: 40,
    window: 1,
    reset: 2,
    ldar: false,
    alarmType: AlarmType.values.SiteRate,
  },
];
const COMMENTS = [
  'Crew dispatched to check the pad.',
  'Tank hatch found open and closed.',
  'Looks like a venting event during maintenance.',
  'Monitoring; no action yet.',
  'Confirmed with the operator on site.',
];
const OPERATORS = ['operator@example.com', 'org.admin@example.com'];

export async function seedAlarms(
  database: Database,
  r: Random,
  now: Date,
  evaluateDays: number,
): Promise<{ parameters: number; alarms: number }> {
  const orgs = await database.query<{ id: number }>(
    'SELECT id FROM organizations WHERE deleted_at IS NULL ORDER BY id',
  );
  let parameters = 0;
  for (const org of orgs) {
    const ids: number[] = [];
    for (const t of TEMPLATES) {
      const [row] = await database.query<{ id: number }>(
        `INSERT INTO alarm_parameter_templates (organization_id, name, alarm_type, measurement_type_id, calculation_method, hi_threshold, hi_hi_threshold, critical_threshold,
                                                sliding_window_hours, reset_evaluation_period_hours, triggers_ldar_workflow)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          org.id,
          t.name,
          'alarmType' in t ? t.alarmType : AlarmType.values.Measurement,
          t.type,
          t.method,
          t.hi,
          t.hiHi,
          t.critical,
          t.window,
          t.reset,
          t.ldar,
        ],
      );
      ids.push(row!.id);
    }
    await database.query(
      `INSERT INTO alarm_parameter_templates (organization_id, name, alarm_type, measurement_type_id, calculation_method, hi_threshold, sliding_window_hours, reset_evaluation_period_hours, deleted_at)
       VALUES ($1, 'CH4 Old Limits', $2, $3, $4, 40, 0.25, 1, $5)`,
      [
        org.id,
        AlarmType.values.Measurement,
        CH4,
        CALCULATION_MAX,
        new Date(now.getTime() - 40 * 86_400_000).toISOString(),
      ],
    );
    const sites = await database.query<{ id: number; has_rates: boolean }>(
      `SELECT id, (EXISTS (SELECT 1 FROM site_rates r WHERE r.site_id = sites.id) OR EXISTS (SELECT 1 FROM site_model_states m WHERE m.site_id = sites.id AND m.start_time IS NOT NULL)) AS has_rates
         FROM sites WHERE organization_id = $1 AND deleted_at IS NULL ORDER BY id`,
      [org.id],
    );
    for (const [k, site] of sites.entries()) {
      const add = async (
        template: number | null,
        type: number,
        detail: [number, number, number | null, number | null, number, number | null, boolean] | null,
        status = SiteAlarmParameterStatus.values.On,
        alarmType = AlarmType.values.Measurement,
      ) => {
        await database.query(
          `INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, template_id, device_filter, calculation_method, hi_threshold, hi_hi_threshold,
                                             critical_threshold, sliding_window_hours, reset_evaluation_period_hours, triggers_ldar_workflow)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [
            site.id,
            alarmType,
            type,
            status,
            template,
            alarmType === AlarmType.values.Measurement ? AlarmDeviceFilter.values.AllQube : null,
            ...(detail ?? [null, null, null, null, null, null, false]),
          ],
        );
        parameters++;
      };
      await add(ids[k % 2 === 0 ? 1 : 0]!, CH4, null);
      if (k % 5 === 2) await add(null, H2S, [CALCULATION_MAX, 4 + (k % 3), 9, 18, 0.25, 1, false]);
      if (k % 7 === 3) await add(ids[2]!, H2S, null, SiteAlarmParameterStatus.values.Off);
      // Sites whose model produces a site rate (seeded, or the pipeline's once it catches up) watch it for Emission Rate alarms.
      if (site.has_rates) await add(ids[3]!, CH4, null, SiteAlarmParameterStatus.values.On, AlarmType.values.SiteRate);
    }
  }
  // Each template and parameter starts its history with the state it was seeded in.
  for (const t of await database.query<{ id: number }>('SELECT id FROM alarm_parameter_templates ORDER BY id')) {
    await recordHistory(
      database,
      'alarm_parameter_template_history',
      t.id,
      await templateSnapshot(database, t.id),
      'qube.admin@example.com',
    );
  }
  for (const p of await database.query<{ id: number }>('SELECT id FROM site_alarm_parameters ORDER BY id')) {
    await recordHistory(
      database,
      'site_alarm_parameter_history',
      p.id,
      await parameterSnapshot(database, p.id),
      'qube.admin@example.com',
    );
  }

  const to = now.getTime();
  const raised = await evaluateAlarms(database, null, to - evaluateDays * 86_400_000, to);

  // Operators worked the older alarms: most resolved, some commented.
  const alarms = await database.query<{
    id: number;
    workflow_id: number;
    workflow_type: number;
    end_time: Date | string;
    newest: boolean;
  }>(
    `SELECT a.id, a.workflow_id, w.workflow_type, a.end_time,
            a.id = first_value(a.id) OVER (PARTITION BY s.organization_id, a.alarm_type, w.workflow_type ORDER BY a.start_time DESC, a.id DESC) AS newest
       FROM alarms a JOIN workflows w ON w.id = a.workflow_id JOIN sites s ON s.id = a.site_id ORDER BY a.id`,
  );
  for (const a of alarms) {
    const end = new Date(a.end_time).getTime();
    const age = to - end;
    if (r.chance(0.35)) {
      const n = r.int(1, 4);
      for (let i = 0; i < n; i++) {
        const email = r.pick(OPERATORS);
        await database.query(
          'INSERT INTO alarm_comments (alarm_id, content, created_at, email, user_id) SELECT $1, $2, $3, $4, (SELECT id FROM users WHERE email = $4)',
          [
            a.id,
            r.pick(COMMENTS),
            new Date(Math.min(to, end + (i + 1) * 1_800_000 * (1 + r.next()))).toISOString(),
            email,
          ],
        );
      }
    }
    // The newest alarm of each type and workflow in an organization is still waiting for an operator.
    if (age > 86_400_000 && r.chance(0.7) && !a.newest) {
      const at = new Date(Math.min(to, end + r.next() * 86_400_000)).toISOString();
      if (a.workflow_type === 0) {
        await database.query(
          'UPDATE workflows SET acknowledged_at = $2, resolved_at = $2, resolved_by = $3 WHERE id = $1',
          [a.workflow_id, at, r.pick(OPERATORS)],
        );
      } else {
        await database.query(
          "UPDATE workflows SET classification = 'NothingFound', resolved_at = $2, resolved_by = $3 WHERE id = $1",
          [a.workflow_id, at, r.pick(OPERATORS)],
        );
      }
    }
  }
  return { parameters, alarms: raised.length };
}
