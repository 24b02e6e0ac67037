export default function CheckpointRoute() {
  return (
    <main className="screen">
      <h1 className="title">checkpoint</h1>
    </main>
  );
}
