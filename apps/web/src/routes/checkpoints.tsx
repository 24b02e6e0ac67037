export default function CheckpointsRoute() {
  return (
    <main className="screen">
      <h1 className="title">checkpoints</h1>
    </main>
  );
}
