package auth

const exampleAuth = `  toolbench auth login https://mcp.example.com/mcp
  toolbench auth status
  toolbench auth logout github`

const exampleAuthLogin = `  toolbench auth login https://mcp.example.com/mcp
  # A pre-registered client, some scopes, no browser on this machine
  toolbench auth login --client-id my-app --scope repo --browser none https://mcp.example.com/mcp
  # A machine client for CI (the secret comes from $TOOLBENCH_CLIENT_SECRET)
  toolbench auth login --client-id ci --grant client-credentials github`

const exampleAuthStatus = `  toolbench auth status
  toolbench auth status https://mcp.example.com/mcp
  toolbench auth status --json github`

const exampleAuthLogout = `  toolbench auth logout https://mcp.example.com/mcp
  toolbench auth logout github`
