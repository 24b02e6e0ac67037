export default function LeaderboardRoute() {
  return (
    <main className="screen">
      <h1 className="title">leaderboard</h1>
    </main>
  );
}
