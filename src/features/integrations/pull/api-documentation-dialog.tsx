// API Documentation (spec 3 §2 'Integrations'): drawn from PULL_API_ENDPOINTS, the same definitions the server builds
// the Pull API routes from, so the paths, parameters and answers shown are the ones served.
import { PULL_API_ENDPOINTS, pullParameters } from '@/contracts/api-key';
import { API_KEY_HEADER, PULL_API_MAX_ROWS, PULL_API_SAMPLE_MINUTES } from '@/domain/api-key';
import { Modal } from '@/ui/modal';

export function ApiDocumentationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const origin = window.location.origin;
  return (
    <Modal open={open} title="API Documentation" onClose={onClose} wide>
      <div className="grid max-h-[70vh] gap-4 overflow-auto pr-1 text-sm" tabIndex={0} aria-label="Pull API endpoints">
        <section className="grid gap-1">
          <p>
            Every call is a <code>GET</code> that carries the key in the <code>{API_KEY_HEADER}</code> header and
            answers JSON: the key's units and the rows in <code>data</code>. A key reads only its organization's sites
            (all of them, or those of its site groups) and only the endpoints it allows.
          </p>
          <p>
            Without High Frequency Data, measurements and wind are {PULL_API_SAMPLE_MINUTES}-minute averages. An answer
            holds at most {PULL_API_MAX_ROWS.toLocaleString('en-US')} rows. A missing, unknown or deleted key answers
            401; a disabled key, a key of a deleted organization or an endpoint the key does not allow answers 403, each
            with a <code>detail</code> message.
          </p>
          <pre className="overflow-x-auto rounded-box bg-base-200 p-2 text-xs">{`curl -H "${API_KEY_HEADER}: <your key>" "${origin}${PULL_API_ENDPOINTS.sites.path}"`}</pre>
        </section>
        {Object.values(PULL_API_ENDPOINTS).map((e) => {
          const params = pullParameters(e);
          return (
            <section
              key={e.path}
              className="grid gap-2 border-t border-base-300 pt-3"
              aria-labelledby={`doc-${e.path}`}
            >
              <h3 id={`doc-${e.path}`} className="font-semibold">
                {e.category}: <code>GET {e.path}</code>
              </h3>
              <p className="text-base-content/80">{e.summary}</p>
              {e.maxDays && (
                <p className="text-base-content/80">
                  At most {e.maxDays.sampled} days per call
                  {e.maxDays.raw !== e.maxDays.sampled ? ` (${e.maxDays.raw} days for High Frequency Data keys)` : ''}.
                </p>
              )}
              {params.length > 0 ? (
                <table className="table table-xs">
                  <thead className="text-base-content">
                    <tr>
                      <th scope="col">Parameter</th>
                      <th scope="col">Required</th>
                      <th scope="col">Meaning</th>
                    </tr>
                  </thead>
                  <tbody>
                    {params.map((p) => (
                      <tr key={p.name}>
                        <td>
                          <code>{p.name}</code>
                        </td>
                        <td>{p.required ? 'Yes' : 'No'}</td>
                        <td>{p.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="text-base-content/80">No parameters.</p>
              )}
              <details>
                <summary className="cursor-pointer">Example response</summary>
                <pre className="mt-1 overflow-x-auto rounded-box bg-base-200 p-2 text-xs">
                  {JSON.stringify(e.example, null, 2)}
                </pre>
              </details>
            </section>
          );
        })}
      </div>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
