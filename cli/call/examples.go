package call

// The Examples sections of the commands' --help, as every command that
// names a server shows them (see cli/root's examples.go): one over stdio,
// one over HTTP and one by its config name.

const exampleCall = `  # Arguments as JSON, or one at a time (typed by the inputSchema)
  toolbench call echo --args '{"message":"hi"}' -- npx -y @modelcontextprotocol/server-everything
  toolbench call get-sum --arg a=1 --arg b=2 http://127.0.0.1:3001/mcp
  # A server from your config, with the result as JSON for a script
  toolbench call search_repositories --arg query=toolbench --json github
  # A server that needs a secret and more time; send arguments the schema refuses
  toolbench call read_graph --args '{}' -e MEMORY_FILE_PATH=/tmp/memory.json --timeout 2m -- node dist/index.js
  toolbench call echo --args '{"message":1}' --no-validate github
  # Answer the server's questions mid-call, and save the arguments for next time
  toolbench call trigger-elicitation-request --elicit accept-defaults --save-preset usual http://127.0.0.1:3001/mcp`

const exampleProbe = `  toolbench probe -- npx -y @modelcontextprotocol/server-everything
  toolbench probe --tool echo --max-cases 4 http://127.0.0.1:3001/mcp
  # Fail on warnings; call tools that are not read-only too
  toolbench probe --strict --allow-destructive --json github`

const exampleTest = `  # Run a collection of saved calls as tests
  toolbench test calls.json -- npx -y @modelcontextprotocol/server-everything
  toolbench test calls.json --junit report.xml http://127.0.0.1:3001/mcp
  # Accept what the calls return now as the expected results
  toolbench test calls.json --update github`
