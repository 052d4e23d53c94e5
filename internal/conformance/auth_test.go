package conformance

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/peer"
)

// authHeldTo are the suite's client authorization scenarios: every one of
// its `auth` list for the dated specifications, and the two client
// credentials extensions. Left out: enterprise-managed authorization,
// DPoP and workload identity federation, extensions toolbench does not
// implement.
var authHeldTo = []string{
	"auth/metadata-default", "auth/metadata-var1", "auth/metadata-var2", "auth/metadata-var3",
	"auth/basic-cimd",
	"auth/scope-from-www-authenticate", "auth/scope-from-scopes-supported", "auth/scope-omitted-when-undefined",
	"auth/scope-step-up", "auth/scope-retry-limit",
	"auth/token-endpoint-auth-basic", "auth/token-endpoint-auth-post", "auth/token-endpoint-auth-none",
	"auth/pre-registration",
	"auth/2025-03-26-oauth-metadata-backcompat", "auth/2025-03-26-oauth-endpoint-fallback",
	"auth/resource-mismatch", "auth/offline-access-scope", "auth/offline-access-not-supported",
	"auth/authorization-server-migration",
	"auth/iss-supported", "auth/iss-not-advertised", "auth/iss-supported-missing", "auth/iss-wrong-issuer",
	"auth/iss-unexpected", "auth/iss-normalized", "auth/metadata-issuer-mismatch",
	"auth/client-credentials-jwt", "auth/client-credentials-basic",
}

// authParallel bounds how many scenarios run at once: each is a Node
// process with two servers and a toolbench, on a 2-core machine.
const authParallel = 4

// TestAuthClientScenarios runs each authorization scenario through
// scripts/conformance-client and holds it to the suite's own verdict: its
// exit status, which counts failed checks, warnings and (outside the
// scenarios where the client is meant to fail) the client's exit status.
func TestAuthClientScenarios(t *testing.T) {
	t.Parallel()
	node, suite := peer.Node22(t), peer.Conformance(t)
	bin := toolbench(t)
	client := shellQuoted(repoPath(t, "scripts/conformance-client"))
	slots := make(chan struct{}, authParallel)
	for _, scenario := range authHeldTo {
		t.Run(scenario, func(t *testing.T) {
			t.Parallel()
			slots <- struct{}{}
			defer func() { <-slots }()
			out := t.TempDir()
			ctx, cancel := context.WithTimeout(context.Background(), scenarioLimit)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, suite, "client", "--command", client, "--scenario", scenario, "-o", out)
			cmd.Env = append(os.Environ(), "TOOLBENCH="+bin, "NODE="+node)
			printed, runErr := cmd.CombinedOutput()
			checks, err := readChecks(out, scenario)
			if err != nil {
				t.Fatalf("%v (the suite: %v)\n%s", err, runErr, ansi.Strip(string(printed)))
			}
			if jerr := judge(checks); jerr != nil || runErr != nil {
				t.Errorf("scenario %s: the suite: %v; the checks: %v\nthe suite printed:\n%s\nthe client's stderr:\n%s",
					scenario, runErr, jerr, ansi.Strip(string(printed)), clientStderr(out, scenario))
			}
		})
	}
}
