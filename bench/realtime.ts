export async function runRealtimeBench() {
  console.log('\nrealtime bench: pending (arrives with the embedded backend issue)')
}
