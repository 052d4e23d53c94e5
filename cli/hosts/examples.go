package hosts

// exampleHosts is the Examples section of `toolbench hosts --help`: one
// server over stdio, one over HTTP and one by its config name, as every
// command that names a server shows (see cli/root's examples.go).
const exampleHosts = `  toolbench hosts -- npx -y @modelcontextprotocol/server-everything
  toolbench hosts --host claude-code,cursor http://127.0.0.1:3001/mcp
  # In CI: fail when a tool is degraded anywhere, report as SARIF
  toolbench hosts --fail-on degraded --format sarif github > hosts.sarif
  toolbench hosts --tools-file tools.json --server-name github --provider gemini --json
  # Every rule with its hosts, sources and dates
  toolbench hosts --rules`
