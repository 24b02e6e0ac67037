export default function SignupGoogleRoute() {
  return (
    <main className="screen">
      <h1 className="title">signup-google</h1>
    </main>
  );
}
