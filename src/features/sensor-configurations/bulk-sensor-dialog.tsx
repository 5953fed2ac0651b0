// 'Bulk Upload' of sensor configurations (spec 3 §2, §5, §7, §8): the template, the CSV read in the worker, then the
// upload (field csvFile) with progress; every row or none; '{n} sensor configuration(s) updated' counts the sensors
// that got a new version.
import { callEndpointBytes, uploadToEndpoint } from '@/api/endpoint-client';
import {
  bulkUploadSensorConfigurationsEndpoint,
  sensorConfigurationTemplateEndpoint,
} from '@/contracts/sensor-configuration';
import { SENSOR_CONFIGURATION_COLUMNS, sensorConfigurationsUpdated } from '@/domain/sensor-configuration';
import { CsvUploadFields, TemplateBar, UploadActions, useCsvUpload } from '@/ui/form/csv-upload';
import { downloadText } from '@/ui/download';
import { Modal } from '@/ui/modal';
import { useToast } from '@/ui/toasts';
import { useInvalidateSensorConfigurations } from './api';

const HELP =
  'Columns: Sensor Serial Number (8 digits) and Coefficients (numbers separated by commas, quoted as one cell). Each row saves a new version for that sensor; rows whose coefficients are unchanged are skipped.';

export async function downloadSensorTemplate(): Promise<void> {
  const bytes = await callEndpointBytes(sensorConfigurationTemplateEndpoint, { accept: 'text/csv' });
  downloadText('Sensor Configurations Template.csv', new TextDecoder().decode(bytes));
}

export function BulkSensorDialog({ organizationId, onClose }: { organizationId: number; onClose: () => void }) {
  const toast = useToast();
  const invalidate = useInvalidateSensorConfigurations();
  const upload = useCsvUpload(SENSOR_CONFIGURATION_COLUMNS);

  async function send() {
    const answer = await upload.send((file, onProgress) => {
      const form = new FormData();
      form.append('csvFile', file, file.name);
      return uploadToEndpoint(bulkUploadSensorConfigurationsEndpoint, { params: { organizationId } }, form, {
        onProgress,
      });
    });
    if (!answer) return;
    await invalidate();
    toast(sensorConfigurationsUpdated(answer.count), 'success');
    onClose();
  }

  return (
    <Modal open title="Bulk Upload Sensor Configurations" onClose={onClose} wide>
      <div className="grid gap-3">
        <TemplateBar
          help={HELP}
          note="The template has the upload's columns."
          onTemplate={() =>
            void downloadSensorTemplate().catch((e: unknown) =>
              upload.setFileError(e instanceof Error ? e.message : String(e)),
            )
          }
        />
        <CsvUploadFields upload={upload} />
        <UploadActions stage={upload.stage} onCancel={onClose} onUpload={() => void send()} />
      </div>
    </Modal>
  );
}
