export default function RewardsRoute() {
  return (
    <main className="screen">
      <h1 className="title">rewards</h1>
    </main>
  );
}
