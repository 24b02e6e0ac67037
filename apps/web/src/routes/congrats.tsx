export default function CongratsRoute() {
  return (
    <main className="screen">
      <h1 className="title">congrats</h1>
    </main>
  );
}
