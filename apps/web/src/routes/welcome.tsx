export default function WelcomeRoute() {
  return (
    <main className="screen">
      <h1 className="title">welcome</h1>
    </main>
  );
}
