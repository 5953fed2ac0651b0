// Cloud Functions (spec 2 §2 'Cloud function dialogs', §5, §8) for a Qube device or a whole site: the Call view
// (CloudFunctionCall), and for a device the History of past calls (CloudFunctionHistory), refreshed after a call.
import { useState } from 'react';
import { Modal } from '../../ui/modal';
import { CloudFunctionCall } from './cloud-function-dialog-call';
import { CloudFunctionHistory, useCloudFunctionHistory } from './cloud-function-dialog-history';

export function CloudFunctionDialog({
  target,
  onClose,
}: {
  target: { kind: 'device' | 'site'; id: number; name: string };
  onClose: () => void;
}) {
  const [view, setView] = useState<'call' | 'history'>('call');
  const history = useCloudFunctionHistory(target.id, view === 'history' && target.kind === 'device');
  return (
    <Modal open title={`Cloud Functions: ${target.name}`} onClose={onClose} wide>
      {target.kind === 'device' && (
        <div role="tablist" className="tabs tabs-border mb-3" aria-label="Cloud function views">
          {(['call', 'history'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              className={`tab text-base-content opacity-100 ${view === v ? 'tab-active font-semibold' : ''}`}
              onClick={() => setView(v)}
            >
              {v === 'call' ? 'Call' : 'History'}
            </button>
          ))}
        </div>
      )}
      {view === 'call' ? (
        <CloudFunctionCall
          target={target}
          onCalled={() => {
            if (target.kind === 'device') void history.refetch();
          }}
          onClose={onClose}
        />
      ) : (
        <CloudFunctionHistory history={history} />
      )}
    </Modal>
  );
}
