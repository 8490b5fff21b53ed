/** The loading state shown while a page or the console frame loads; plain CSS, no library. */
export function PageSpinner({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div className={fullscreen ? "page-spinner page-spinner-full" : "page-spinner"} role="progressbar" aria-busy="true">
      <span className="page-spinner-dot" />
    </div>
  );
}
