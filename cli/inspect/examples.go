package inspect

// The Examples sections of the commands' --help, as every command that
// names a server shows them (see cli/root's examples.go): one over stdio,
// one over HTTP and one by its config name.

const exampleInfo = `  toolbench info -- npx -y @modelcontextprotocol/server-everything
  toolbench info http://127.0.0.1:3001/mcp
  toolbench info --json github`

const exampleTools = `  toolbench tools -- npx -y @modelcontextprotocol/server-everything
  toolbench tools -H "Authorization: Bearer $TOKEN" http://127.0.0.1:3001/mcp
  # The tools exactly as the server sent them, for jq or 'lint --tools-file'
  toolbench tools --json github > tools.json`

const exampleSchema = `  toolbench schema echo -- npx -y @modelcontextprotocol/server-everything
  toolbench schema echo --output http://127.0.0.1:3001/mcp
  # What OpenAI's strict mode would make of it, or the form toolbench builds
  toolbench schema create_issue --as openai-strict github
  # What the model behind Claude Code, or Zed with Gemini, receives
  toolbench schema create_issue --as claude-code github
  toolbench schema create_issue --as zed --provider gemini --server-name github --tools-file tools.json
  toolbench schema create_issue --outline github
  toolbench schema create_issue --tools-file tools.json`

const exampleLint = `  toolbench lint -- npx -y @modelcontextprotocol/server-everything
  toolbench lint --tool echo http://127.0.0.1:3001/mcp
  # In CI: fail on warnings, report as SARIF
  toolbench lint --fail-on warning --format sarif github > lint.sarif
  toolbench lint --tools-file tools.json --json`
