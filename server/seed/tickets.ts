// Demo support tickets: the symptom lists, and tickets with conversations (some private notes) for about one installed
// device in ten, in every status so each ticket colour shows.
import { TicketPriority, TicketSource, TicketStatus } from '@/domain/enums';
import type { Database } from '../db/client';
import type { Random } from './random';

const SYMPTOMS: Record<string, string[]> = {
  'No Data': ['No CH4 data', 'No wind data', 'Intermittent data'],
  'Suspect Readings': ['CH4 drift', 'Stuck values', 'Negative values'],
  Power: ['Battery depleted', 'Solar not charging'],
  Connectivity: ['Weak cell signal', 'Frequent disconnects'],
  Physical: ['Damaged enclosure', 'Blocked inlet'],
};
const INFERENCES = ['Hardware fault', 'Firmware issue', 'Environmental', 'Site activity'];
const NEXT_STEPS = ['Remote reboot', 'Site visit', 'Replace part', 'Monitor'];
const SUPPORT = ['support@example.com', 'field.tech1@example.com'];

export async function seedTickets(database: Database, r: Random, now: Date): Promise<number> {
  const insert = async (field: string, name: string, parent: number | null) =>
    (
      await database.query<{ id: number }>(
        'INSERT INTO ticket_field_options (field, name, parent_id) VALUES ($1, $2, $3) RETURNING id',
        [field, name, parent],
      )
    )[0]!.id;
  const primaries: { id: number; secondaries: number[] }[] = [];
  for (const [primary, secondaries] of Object.entries(SYMPTOMS)) {
    const id = await insert('symptomPrimary', primary, null);
    const children: number[] = [];
    for (const s of secondaries) children.push(await insert('symptomSecondary', s, id));
    primaries.push({ id, secondaries: children });
  }
  const inferences: number[] = [];
  for (const name of INFERENCES) inferences.push(await insert('symptomInference', name, null));
  const steps: number[] = [];
  for (const name of NEXT_STEPS) steps.push(await insert('nextStep', name, null));

  const installed = await database.query<{ device_id: number; name: string; site_id: number; organization_id: number }>(
    `SELECT i.device_id, d.name, i.site_id, s.organization_id FROM device_installations i JOIN devices d ON d.id = i.device_id JOIN sites s ON s.id = i.site_id
      WHERE i.ended_at IS NULL AND d.device_type <> 'QubeCamera' ORDER BY i.device_id`,
  );
  const statuses = TicketStatus.options.map((o) => o.value);
  let count = 0;
  for (const d of installed) {
    if (!r.chance(0.1)) continue;
    const primary = r.pick(primaries);
    const status = r.pick(statuses);
    const created = new Date(now.getTime() - r.next() * 20 * 86_400_000);
    const resolved =
      status === TicketStatus.values.Resolved || status === TicketStatus.values.Closed
        ? new Date(created.getTime() + r.next() * (now.getTime() - created.getTime()))
        : null;
    const subject = `${d.name}: ${r.pick(SYMPTOMS[Object.keys(SYMPTOMS)[primaries.indexOf(primary)]!]!)}`;
    const [ticket] = await database.query<{ id: number }>(
      `INSERT INTO tickets (organization_id, device_id, site_id, subject, description, status, priority, source, symptom_primary_id, symptom_secondary_id, symptom_inference_id, next_step_id, created_by, created_at, resolved_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        d.organization_id,
        d.device_id,
        d.site_id,
        subject,
        'Reported from the Device Health grid during the morning review.',
        status,
        r.pick(TicketPriority.options).value,
        r.chance(0.8) ? TicketSource.values.Internal : TicketSource.values.External,
        primary.id,
        r.pick(primary.secondaries),
        r.chance(0.7) ? r.pick(inferences) : null,
        r.chance(0.7) ? r.pick(steps) : null,
        'operator@example.com',
        created,
        resolved,
      ],
    );
    const entries = r.int(0, 3);
    for (let k = 0; k < entries; k++) {
      const at = new Date(created.getTime() + (k + 1) * 3_600_000 * r.int(1, 20));
      const note = r.chance(0.3);
      await database.query(
        'INSERT INTO ticket_conversations (ticket_id, support_email, body_text, created_at) VALUES ($1, $2, $3, $4)',
        [
          ticket!.id,
          note ? null : r.pick(SUPPORT),
          note
            ? 'Internal: checked the device cloud, last handshake looks normal.'
            : r.pick([
                'Scheduled a site visit for Thursday.',
                'Rebooted remotely; data resumed.',
                'Inlet cleaned and filter replaced.',
                'Waiting on the operator for gate access.',
              ]),
          at,
        ],
      );
    }
    count++;
  }
  return count;
}
