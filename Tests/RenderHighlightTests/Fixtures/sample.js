// Fetches a page.
const url = "https://example.com";
async function load(retries = 3) {
  const response = await fetch(url);
  if (!response.ok) return null;
  return response.text();
}
