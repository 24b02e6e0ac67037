export default function LoginRoute() {
  return (
    <main className="screen">
      <h1 className="title">login</h1>
    </main>
  );
}
