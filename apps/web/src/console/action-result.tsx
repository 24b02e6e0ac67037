// What an admin's last action came to, read out as it changes: the done sentence as a status, the refusal as an alert.
export function ActionResult({ message, error, errorClass }: { message: string; error: string; errorClass?: string }) {
  return (
    <div aria-live="polite">
      {message && (
        <p className="admin-done" role="status">
          {message}
        </p>
      )}
      {error && (
        <p className={errorClass ? `error ${errorClass}` : 'error'} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
