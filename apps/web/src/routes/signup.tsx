export default function SignupRoute() {
  return (
    <main className="screen">
      <h1 className="title">signup</h1>
    </main>
  );
}
