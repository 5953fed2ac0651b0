// A version's last load onto its device: Loaded (green), Failed with the device cloud's error, or Not loaded.
export function SyncBadge({
  row,
  time,
}: {
  row: { deviceId: number | null; syncSuccess: boolean | null; syncError: string | null; syncTime: string | null };
  time: (iso: string) => string;
}) {
  if (row.deviceId === null) return null;
  if (row.syncSuccess === null) return <span className="text-base-content/70">Not loaded</span>;
  const when = row.syncTime ? time(row.syncTime) : '';
  return row.syncSuccess ? (
    <span className="badge badge-sm badge-success whitespace-nowrap" title={when}>
      Loaded
    </span>
  ) : (
    <span
      className="badge badge-sm badge-error whitespace-nowrap"
      title={[when, row.syncError].filter(Boolean).join(' — ')}
    >
      Failed
    </span>
  );
}
