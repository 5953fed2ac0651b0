// 'Bulk Add/Edit Devices' (spec 2 §2, §5, §8): Template (blank, or the chosen devices), a CSV read in the CSV worker
// first (broken rows at once), then the upload with a progress bar. Row problems come back by row and nothing changes;
// device-cloud (Particle) errors are listed in the form; otherwise the dialog closes with '{n} device(s) successfully
// changed'.
import { useEffect, useState } from 'react';
import { callEndpointBytes, uploadToEndpoint } from '@/api/endpoint-client';
import { bulkUpsertDevicesEndpoint, deviceBulkTemplateEndpoint } from '@/contracts/device';
import { bulkDevicesChangedToast, DEVICE_BULK_COLUMNS } from '@/domain/device-bulk';
import { CsvUploadFields, TemplateBar, UploadActions, useCsvUpload } from '../../ui/form/csv-upload';
import { downloadText } from '../../ui/download';
import { Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';
import { useInvalidateDevices } from './api';

const HELP = `Columns: ${DEVICE_BULK_COLUMNS.map((c) => c.header).join(', ')}. A row with an Id edits that device; a row without one adds a device. Hardware takes the names the device form offers.`;

export function BulkDevicesDialog({ deviceIds, onClose }: { deviceIds: readonly number[]; onClose: () => void }) {
  const { organization } = useSession();
  const organizationId = organization!.id;
  const toast = useToast();
  const invalidate = useInvalidateDevices();
  const upload = useCsvUpload(DEVICE_BULK_COLUMNS);
  const [particle, setParticle] = useState<{ changed: number; errors: string[] } | null>(null);
  useEffect(() => setParticle(null), [upload.file]);

  async function template() {
    try {
      const bytes = await callEndpointBytes(deviceBulkTemplateEndpoint, {
        body: { organizationId, deviceIds: [...deviceIds] },
        accept: 'text/csv',
      });
      downloadText('Devices Template.csv', new TextDecoder().decode(bytes));
    } catch (e) {
      upload.setFileError(e instanceof Error ? e.message : String(e));
    }
  }

  async function send() {
    const answer = await upload.send((file, onProgress) => {
      const form = new FormData();
      form.append('csvRecords', file, file.name);
      return uploadToEndpoint(bulkUpsertDevicesEndpoint, { params: { organizationId } }, form, { onProgress });
    });
    if (!answer) return;
    await invalidate();
    if (answer.particleErrors.length > 0) {
      upload.setStage({ kind: 'idle' });
      return setParticle({ changed: answer.rowsChanged, errors: answer.particleErrors });
    }
    toast(bulkDevicesChangedToast(answer.rowsChanged), 'success');
    onClose();
  }

  return (
    <Modal open title="Bulk Add/Edit Devices" onClose={onClose} wide>
      <div className="grid gap-3">
        <TemplateBar
          help={HELP}
          note={
            deviceIds.length
              ? `The template holds the ${deviceIds.length} chosen device(s).`
              : 'No devices chosen: the template is blank.'
          }
          onTemplate={() => void template()}
        />
        <CsvUploadFields upload={upload} />
        {particle && (
          <div className="alert alert-warning flex-col items-start" role="alert">
            <p className="font-medium">{`${particle.changed} device(s) were saved, but Particle was not updated for some:`}</p>
            <p className="text-sm">{particle.errors.join(' ')}</p>
          </div>
        )}
        <UploadActions
          stage={upload.stage}
          onCancel={onClose}
          onUpload={() => void send()}
          cancelLabel={particle ? 'Close' : 'Cancel'}
          blocked={particle !== null}
        />
      </div>
    </Modal>
  );
}
