// The front the operations guide deploys (docs/operations.md "Cluster"): HAProxy terminating TLS and
// offering HTTP/2, in front of one instance. For benchmarks that should see what a browser sees in
// production (one multiplexed connection instead of six HTTP/1.1 ones). A self-signed certificate
// for 127.0.0.1: the browser is told to accept it (--ignore-certificate-errors).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export async function startTlsFront({ port, backendPort }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-tls-front-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const pem = path.join(dir, "front.pem");
  fs.writeFileSync(pem, fs.readFileSync(cert, "utf8") + fs.readFileSync(key, "utf8"));
  const config = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(
    config,
    [
      "defaults",
      "  mode http",
      "  timeout connect 5s",
      "  timeout client 120s",
      "  timeout server 120s",
      "frontend web",
      `  bind 127.0.0.1:${port} ssl crt ${pem} alpn h2,http/1.1`,
      "  default_backend app",
      "backend app",
      `  server one 127.0.0.1:${backendPort}`,
      "",
    ].join("\n"),
  );
  const child = spawn("haproxy", ["-f", config, "-db"], { stdio: ["ignore", "ignore", "inherit"] });
  for (let tries = 0; ; tries++) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(socket.end() && true));
      socket.on("error", () => resolve(false));
    });
    if (open) break;
    if (child.exitCode !== null || tries > 100) throw new Error("the TLS front did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `https://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
