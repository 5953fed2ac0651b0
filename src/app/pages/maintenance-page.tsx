export function MaintenancePage() {
  return (
    <main className="grid min-h-full place-items-center bg-base-200 p-4">
      <section className="card max-w-md bg-base-100 shadow-md">
        <div className="card-body items-center text-center">
          <svg
            viewBox="0 0 24 24"
            className="h-12 w-12 text-warning"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z" />
          </svg>
          <h1 className="card-title text-2xl">Under Maintenance</h1>
          <p className="text-base-content/80">The console is being updated and will be back shortly.</p>
          <button type="button" className="btn btn-primary mt-2" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </section>
    </main>
  );
}
