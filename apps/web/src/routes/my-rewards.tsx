export default function MyRewardsRoute() {
  return (
    <main className="screen">
      <h1 className="title">my-rewards</h1>
    </main>
  );
}
