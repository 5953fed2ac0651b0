// The Mobile Install Wizard (spec 2 §2, §4 'Wizard', §5, §8, §9) for field technicians on a phone: Select Device (QR
// scan or a list; ?name= preselects), Select Site (nearest to the phone), Set Device Location (a centre pin on the map,
// Use My Location, height for Qube Lite, azimuth for Qube Camera), Confirm Installation (Save), Diagnostics (live
// readings every 5 s; Done starts over). The base font is 24 px while it is open.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { callEndpoint, endpointQuery } from '@/api/endpoint-client';
import {
  installAvailabilityEndpoint,
  installDeviceOptionsEndpoint,
  installSiteLocationsEndpoint,
  startInstallationEndpoint,
  type InstallDeviceOption,
  type InstallSite,
} from '@/contracts/device';
import { parseLatLng, type LatLng } from '@/domain/coordinates';
import { DEVICE_KIND_LABEL } from '@/domain/device-form';
import {
  azimuthProblem,
  FAR_FROM_SITE,
  FAR_USER_METRES,
  GEOLOCATION_UNSUPPORTED,
  heightProblem,
  INSTALL_FAILED,
  INSTALL_SAVED,
  locationProblem,
  metresBetween,
  nearestSite,
  NOT_A_QUBE_QR,
  parseQubeQr,
  pinAlert,
  showsAzimuth,
  showsHeight,
  unavailableDevice,
  WIZARD_BASE_FONT_PX,
  WIZARD_STEPS,
} from '@/domain/install-wizard';
import { FormAlert } from '@/ui/form/form-alert';
import { labelLayer, pointLayer, pointSet } from '@/ui/map/map-layers';
import { MapView } from '@/ui/map/map-view';
import { QrScanner } from '@/ui/qr-scanner';
import { useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import { DiagnosticsStep } from './diagnostics-step';

const fmt = (p: LatLng) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
const NO_FIELDS = { locationText: '', height: '', azimuth: '' };

/** The phone's position, watched while the wizard is open; errors fill the location banner. */
function usePosition(): { position: LatLng | null; problem: string | null } {
  const [position, setPosition] = useState<LatLng | null>(null);
  const [problem, setProblem] = useState<string | null>(() =>
    typeof navigator !== 'undefined' && !navigator.geolocation ? GEOLOCATION_UNSUPPORTED : null,
  );
  useEffect(() => {
    if (!navigator.geolocation) return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        setPosition({ lat: p.coords.latitude, lng: p.coords.longitude });
        setProblem(null);
      },
      (e) => setProblem(e.message || 'Location services are turned off'),
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, []);
  return { position, problem };
}

/** The wizard is read at arm's length: a larger base font while it is open. */
function useWizardFont() {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.fontSize;
    root.style.fontSize = `${WIZARD_BASE_FONT_PX}px`;
    return () => void (root.style.fontSize = before);
  }, []);
}

/** ?name= chooses its device once the list arrives, or says why it cannot. */
function usePreselectedDevice(
  name: string | null,
  devices: readonly InstallDeviceOption[] | undefined,
  setDevice: (d: InstallDeviceOption) => void,
  setMessage: (m: string) => void,
) {
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !name || !devices) return;
    preselected.current = true;
    const d = devices.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (d) setDevice(d);
    else setMessage(unavailableDevice(name));
  }, [name, devices, setDevice, setMessage]);
}

export default function InstallWizardPage() {
  const { organization } = useSession();
  const organizationId = organization!.id;
  const toast = useToast();
  const [params] = useSearchParams();
  const { position, problem: geoProblem } = usePosition();
  const [step, setStep] = useState(0);
  const [device, setDevice] = useState<InstallDeviceOption | null>(null);
  const [site, setSite] = useState<InstallSite | null>(null);
  const [fields, setFields] = useState<LocationFields>(NO_FIELDS);
  const { locationText, height, azimuth } = fields;
  const [scanning, setScanning] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [installationId, setInstallationId] = useState<number | null>(null);

  useWizardFont();

  const devices = useQuery(endpointQuery(installDeviceOptionsEndpoint, { query: { organizationId } }));
  const sites = useQuery(endpointQuery(installSiteLocationsEndpoint, { query: { organizationId } }));

  usePreselectedDevice(params.get('name'), devices.data, setDevice, setMessage);

  // The nearest site to the phone is chosen for the technician.
  useEffect(() => {
    if (site || !position || !sites.data?.length) return;
    setSite(nearestSite(sites.data, position));
  }, [site, position, sites.data]);

  async function scanned(text: string) {
    setScanning(false);
    const name = parseQubeQr(text);
    if (!name) return setMessage(NOT_A_QUBE_QR);
    const availability = await callEndpoint(installAvailabilityEndpoint, {
      query: { organizationId, deviceName: name },
    });
    const d = devices.data?.find((x) => x.id === availability.deviceId);
    if (!availability.available || !d) return setMessage(availability.message ?? unavailableDevice(name));
    setMessage(null);
    setDevice(d);
  }

  const pin = parseLatLng(locationText);
  const alert = pin && site ? pinAlert(pin, site.location) : null;
  const heightError = device && showsHeight(device.deviceType) ? heightProblem(height) : null;
  const azimuthError = device && showsAzimuth(device.deviceType) ? azimuthProblem(azimuth) : null;
  const valid = [
    device !== null,
    site !== null,
    locationProblem(locationText) === null && alert === null && !heightError && !azimuthError,
    true,
    true,
  ][step]!;

  const save = useMutation({
    mutationFn: () =>
      callEndpoint(startInstallationEndpoint, {
        body: {
          organizationId,
          deviceId: device!.id,
          siteId: site!.id,
          locationLatLng: locationText,
          height: device && showsHeight(device.deviceType) && height.trim() ? Number(height) : null,
          azimuth: device && showsAzimuth(device.deviceType) && azimuth.trim() ? Number(azimuth) : null,
        },
      }),
  });

  async function next() {
    setMessage(null);
    if (step === 1 && site && !locationText) setFields((f) => ({ ...f, locationText: fmt(site.location) }));
    if (step === 3) {
      try {
        setInstallationId(await save.mutateAsync());
        toast(INSTALL_SAVED, 'success');
      } catch (e) {
        return setMessage(e instanceof ApiError && e.errors.deviceId ? e.errors.deviceId.join(' ') : INSTALL_FAILED);
      }
    }
    setStep((s) => s + 1);
  }

  function done() {
    setStep(0);
    setDevice(null);
    setSite(null);
    setFields(NO_FIELDS);
    setInstallationId(null);
    setMessage(null);
  }

  const stepName = WIZARD_STEPS[step]!;

  return (
    <div className="mx-auto grid max-w-xl gap-4 p-4">
      {geoProblem && <LocationBanner problem={geoProblem} />}
      <div>
        <p className="text-sm text-base-content/80">{`Step ${step + 1} of ${WIZARD_STEPS.length}`}</p>
        <progress
          className="progress progress-primary w-full"
          value={step + 1}
          max={WIZARD_STEPS.length}
          aria-label="Installation progress"
        />
      </div>
      <h1 className="text-xl font-semibold">{stepName}</h1>
      <FormAlert message={message} />

      {stepName === 'Select Device' && (
        <SelectDeviceStep
          devices={devices.data}
          loading={devices.isPending}
          device={device}
          onDevice={setDevice}
          scanning={scanning}
          onScanning={setScanning}
          onScanned={(t) => void scanned(t)}
          onMessage={setMessage}
        />
      )}

      {stepName === 'Select Site' && (
        <SelectSiteStep
          sites={sites.data}
          loading={sites.isPending}
          site={site}
          position={position}
          onSite={(s) => {
            setSite(s);
            setFields((f) => ({ ...f, locationText: '' }));
          }}
        />
      )}

      {stepName === 'Set Device Location' && site && (
        <SetLocationStep
          site={site}
          device={device}
          position={position}
          fields={fields}
          onFields={(f) => setFields((old) => ({ ...old, ...f }))}
        />
      )}

      {stepName === 'Confirm Installation' && device && site && (
        <ConfirmStep device={device} site={site} fields={fields} />
      )}

      {stepName === 'Diagnostics' && installationId !== null && <DiagnosticsStep installationId={installationId} />}

      <WizardNav
        stepName={stepName}
        canGoBack={step > 0 && stepName !== 'Diagnostics'}
        valid={valid}
        saving={save.isPending}
        onBack={() => {
          setMessage(null);
          setStep((st) => st - 1);
        }}
        onNext={() => void next()}
        onDone={done}
      />
    </div>
  );
}

/** Where to turn location services on, when the phone's position is unavailable. */
function LocationBanner({ problem }: { problem: string }) {
  return (
    <div className="alert alert-warning flex-col items-start text-base" role="alert">
      <p>{`Location services are disabled: ${problem}`}</p>
      <p className="text-sm">
        Turn them on for this site in{' '}
        <a className="link" href="https://support.google.com/chrome/answer/142065" target="_blank" rel="noreferrer">
          Chrome
        </a>
        ,{' '}
        <a className="link" href="https://support.apple.com/en-us/102647" target="_blank" rel="noreferrer">
          Safari
        </a>{' '}
        or{' '}
        <a
          className="link"
          href="https://support.mozilla.org/kb/does-firefox-share-my-location-websites"
          target="_blank"
          rel="noreferrer"
        >
          Firefox
        </a>
        .
      </p>
    </div>
  );
}

function SelectDeviceStep({
  devices,
  loading,
  device,
  onDevice,
  scanning,
  onScanning,
  onScanned,
  onMessage,
}: {
  devices: readonly InstallDeviceOption[] | undefined;
  loading: boolean;
  device: InstallDeviceOption | null;
  onDevice: (d: InstallDeviceOption | null) => void;
  scanning: boolean;
  onScanning: (update: (s: boolean) => boolean) => void;
  onScanned: (text: string) => void;
  onMessage: (m: string) => void;
}) {
  return (
    <div className="grid gap-3">
      <button type="button" className="btn btn-outline" onClick={() => onScanning((s) => !s)}>
        {scanning ? 'Stop scanning' : 'Scan QR code'}
      </button>
      {scanning && (
        <QrScanner
          onText={onScanned}
          onError={(m) => {
            onScanning(() => false);
            onMessage(m);
          }}
        />
      )}
      <label className="form-control">
        <span className="label-text mb-1">Device</span>
        <select
          className="select select-lg w-full"
          aria-label="Device"
          value={device?.id ?? ''}
          onChange={(e) => onDevice(devices?.find((d) => d.id === Number(e.target.value)) ?? null)}
        >
          <option value="">{loading ? 'Loading devices…' : 'Choose a device'}</option>
          {devices?.map((d) => (
            <option key={d.id} value={d.id}>
              {`${d.name} (${DEVICE_KIND_LABEL[d.deviceType]})`}
            </option>
          ))}
        </select>
      </label>
      {device?.currentSiteName && (
        <p className="text-base">{`${device.name} is installed at ${device.currentSiteName}; saving ends that installation.`}</p>
      )}
    </div>
  );
}

function SelectSiteStep({
  sites,
  loading,
  site,
  onSite,
  position,
}: {
  sites: readonly InstallSite[] | undefined;
  loading: boolean;
  site: InstallSite | null;
  onSite: (s: InstallSite | null) => void;
  position: LatLng | null;
}) {
  const farFromSite = position && site && metresBetween(position, site.location) > FAR_USER_METRES;
  return (
    <div className="grid gap-3">
      <label className="form-control">
        <span className="label-text mb-1">Site</span>
        <select
          className="select select-lg w-full"
          aria-label="Site"
          value={site?.id ?? ''}
          onChange={(e) => onSite(sites?.find((s) => s.id === Number(e.target.value)) ?? null)}
        >
          <option value="">{loading ? 'Loading sites…' : 'Choose a site'}</option>
          {sites?.map((s) => (
            <option key={s.id} value={s.id}>
              {position ? `${s.name} (${(metresBetween(position, s.location) / 1000).toFixed(1)} km)` : s.name}
            </option>
          ))}
        </select>
      </label>
      {farFromSite && <p className="alert alert-warning text-base">{FAR_FROM_SITE}</p>}
    </div>
  );
}

/** The Set Device Location step's fields (a number typed as text, checked by the domain's rules). */
interface LocationFields {
  locationText: string;
  height: string;
  azimuth: string;
}

function SetLocationStep({
  site,
  device,
  position,
  fields,
  onFields,
}: {
  site: InstallSite;
  device: InstallDeviceOption | null;
  position: LatLng | null;
  fields: LocationFields;
  onFields: (f: Partial<LocationFields>) => void;
}) {
  const [flyTo, setFlyTo] = useState<{ center: LatLng; zoom: number; key: number } | null>(null);
  const { locationText, height, azimuth } = fields;
  const pin = parseLatLng(locationText);
  const alert = pin ? pinAlert(pin, site.location) : null;
  const heightError = device && showsHeight(device.deviceType) ? heightProblem(height) : null;
  const azimuthError = device && showsAzimuth(device.deviceType) ? azimuthProblem(azimuth) : null;
  const layers = useMemo(
    () => [
      pointLayer('site', pointSet([{ ...site.location, rgba: [14, 116, 144, 255] }]), { radiusPixels: 6 }),
      labelLayer('site-name', [{ ...site.location, text: site.name }], true),
    ],
    [site],
  );
  return (
    <div className="grid gap-3">
      <MapView
        label="Device location map"
        layers={layers}
        initialCenter={pin ?? site.location}
        initialZoom={18}
        flyTo={flyTo}
        onCenter={(c) => onFields({ locationText: fmt(c) })}
        className="h-72 w-full overflow-hidden rounded-box border border-base-300"
      >
        <svg
          viewBox="0 0 24 36"
          className="pointer-events-none absolute left-1/2 top-1/2 z-10 h-10 w-7 -translate-x-1/2 -translate-y-full drop-shadow"
          aria-hidden="true"
        >
          <path
            d="M12 0C5.4 0 0 5.4 0 12c0 9 12 24 12 24s12-15 12-24C24 5.4 18.6 0 12 0z"
            fill="var(--color-error)"
            stroke="white"
            strokeWidth="1.5"
          />
          <circle cx="12" cy="12" r="4.5" fill="white" />
        </svg>
      </MapView>
      {alert && (
        <p className="alert alert-error text-base" role="alert">
          {alert}
        </p>
      )}
      <button
        type="button"
        className="btn btn-outline"
        disabled={!position}
        onClick={() => position && setFlyTo({ center: position, zoom: 19, key: Date.now() })}
      >
        Use My Location
      </button>
      <label className="form-control">
        <span className="label-text mb-1">Location</span>
        <input
          className={`input input-lg w-full ${locationProblem(locationText) ? 'input-error' : ''}`}
          aria-label="Location"
          value={locationText}
          onChange={(e) => onFields({ locationText: e.target.value })}
          onBlur={() => pin && setFlyTo({ center: pin, zoom: 19, key: Date.now() })}
        />
        {locationProblem(locationText) && (
          <span className="mt-1 text-sm text-error">{locationProblem(locationText)}</span>
        )}
      </label>
      {device && showsHeight(device.deviceType) && (
        <label className="form-control">
          <span className="label-text mb-1">Height (m)</span>
          <input
            className={`input input-lg w-full ${heightError ? 'input-error' : ''}`}
            aria-label="Height"
            inputMode="decimal"
            value={height}
            onChange={(e) => onFields({ height: e.target.value })}
          />
          {heightError && <span className="mt-1 text-sm text-error">{heightError}</span>}
        </label>
      )}
      {device && showsAzimuth(device.deviceType) && (
        <label className="form-control">
          <span className="label-text mb-1">Azimuth (°)</span>
          <input
            className={`input input-lg w-full ${azimuthError ? 'input-error' : ''}`}
            aria-label="Azimuth"
            inputMode="decimal"
            value={azimuth}
            onChange={(e) => onFields({ azimuth: e.target.value })}
          />
          {azimuthError && <span className="mt-1 text-sm text-error">{azimuthError}</span>}
        </label>
      )}
    </div>
  );
}

function ConfirmStep({
  device,
  site,
  fields: { locationText, height, azimuth },
}: {
  device: InstallDeviceOption;
  site: InstallSite;
  fields: LocationFields;
}) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-base">
      <dt className="font-medium">Device</dt>
      <dd>{`${device.name} (${DEVICE_KIND_LABEL[device.deviceType]})`}</dd>
      <dt className="font-medium">Site</dt>
      <dd>{site.name}</dd>
      <dt className="font-medium">Location</dt>
      <dd className="break-all">{locationText}</dd>
      {showsHeight(device.deviceType) && height && (
        <>
          <dt className="font-medium">Height</dt>
          <dd>{`${height} m`}</dd>
        </>
      )}
      {showsAzimuth(device.deviceType) && azimuth && (
        <>
          <dt className="font-medium">Azimuth</dt>
          <dd>{`${azimuth}°`}</dd>
        </>
      )}
    </dl>
  );
}

function WizardNav({
  stepName,
  canGoBack,
  valid,
  saving,
  onBack,
  onNext,
  onDone,
}: {
  stepName: string;
  canGoBack: boolean;
  valid: boolean;
  saving: boolean;
  onBack: () => void;
  onNext: () => void;
  onDone: () => void;
}) {
  return (
    <div className="flex justify-between gap-2">
      <button type="button" className="btn btn-lg btn-ghost" disabled={!canGoBack} onClick={onBack}>
        Back
      </button>
      {stepName === 'Diagnostics' ? (
        <button type="button" className="btn btn-lg btn-primary" onClick={onDone}>
          Done
        </button>
      ) : (
        <button type="button" className="btn btn-lg btn-primary" disabled={!valid || saving} onClick={onNext}>
          {saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {stepName === 'Confirm Installation' ? 'Save' : 'Next'}
        </button>
      )}
    </div>
  );
}
