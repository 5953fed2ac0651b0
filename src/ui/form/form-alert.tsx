// A form's general error (one that belongs to no single field), shown above its fields.
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="alert alert-error py-2" role="alert">
      {message}
    </p>
  );
}
