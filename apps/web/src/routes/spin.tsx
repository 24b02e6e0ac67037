export default function SpinRoute() {
  return (
    <main className="screen">
      <h1 className="title">spin</h1>
    </main>
  );
}
