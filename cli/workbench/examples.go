package workbench

// The Examples sections of the commands' --help, as every command that
// names a server shows them (see cli/root's examples.go).

const exampleConnect = `  # A stdio server: everything after -- starts it
  toolbench connect -- npx -y @modelcontextprotocol/server-everything
  # A streamable HTTP server, with a token from the environment
  toolbench connect -H "Authorization: Bearer $TOKEN" http://127.0.0.1:3001/mcp
  # A server named in your Claude, Cursor or VS Code config
  toolbench connect github
  # Give a stdio server a variable and a directory, and ask for its logs
  toolbench connect -e MEMORY_FILE_PATH=/tmp/memory.json --cwd ./server --log-level info -- node dist/index.js
  # A slow server over SSE, or a modern (2026-07-28) one
  toolbench connect --timeout 2m sse http://127.0.0.1:3001/sse
  toolbench connect --protocol modern http://127.0.0.1:3001/mcp`

const exampleDemo = `  # Every feature of the workbench, with nothing else installed
  toolbench demo
  # With the demo server's log messages in the workbench's log
  toolbench demo --log-level info`
