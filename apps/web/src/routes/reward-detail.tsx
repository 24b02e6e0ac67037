export default function RewardDetailRoute() {
  return (
    <main className="screen">
      <h1 className="title">reward-detail</h1>
    </main>
  );
}
