package root

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/peer"
)

var (
	builtOnce sync.Once
	builtPath string
	builtErr  string
)

// toolbenchBinary builds the real binary once for all end-to-end tests,
// into the directory TestMain removes.
func toolbenchBinary(t *testing.T) string {
	t.Helper()
	builtOnce.Do(func() {
		builtPath = filepath.Join(binDir, "toolbench")
		if out, err := runGo("build", "-o", builtPath, "../../cmd/toolbench"); err != nil {
			builtErr = err.Error() + "\n" + out
		}
	})
	if builtErr != "" {
		t.Fatalf("go build: %s", builtErr)
	}
	return builtPath
}

// fixtureArgs names the fixture as a stdio target for the real binary,
// recording to a log the test reads.
func fixtureArgs(t *testing.T) ([]string, func() string) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "fixture.log")
	path, env := fixture.Command(log)
	var args []string
	for _, e := range env {
		args = append(args, "-e", e)
	}
	return append(args, path), func() string { b, _ := os.ReadFile(log); return string(b) }
}

const e2eWait = 15 * time.Second

// TestTUIEverythingStructuredContent: filter to get-structured-content on
// server-everything over stdio, pick a location, call, see the pass verdict.
func TestTUIEverythingStructuredContent(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	s := startTmux(t, 120, 36, bin, "connect", peer.Node(t), peer.Entry(t, peer.Everything))
	// Roots, elicitation (form and URL) and sampling declared: 17 tools.
	s.waitFor(e2eWait, "● ready", "Tools 17")
	s.keys("/")
	s.text("structured")
	s.keys("Enter", "Enter")
	s.waitFor(e2eWait, "location")
	s.keys("Right")
	s.waitFor(e2eWait, `"location":`)
	s.keys("C-s")
	s.waitFor(e2eWait, "✓ structuredContent matches the outputSchema")
}

// TestTUICreateOrderThroughSubforms fills the seed's create_order through
// the list and subforms and checks what the server received.
func TestTUICreateOrderThroughSubforms(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	target, recorded := fixtureArgs(t)
	s := startTmux(t, 120, 40, append([]string{bin, "connect"}, target...)...)
	s.waitFor(e2eWait, "● ready", "Create order")
	s.keys("Enter", "Enter") // open the form, then the items list
	for _, item := range [][2]string{{"PRD-000001", "2"}, {"PRD-000002", "1"}} {
		s.keys("C-a")
		s.waitFor(e2eWait, "product_id")
		s.text(item[0])
		s.keys("Enter")
		s.text(item[1])
		s.keys("Enter", "Escape")
	}
	s.waitFor(e2eWait, "[1]")
	s.keys("Escape", "Down", "Enter") // back to the root, into shipping_address
	s.waitFor(e2eWait, "create_order › shipping_address")
	for _, v := range []string{"Zhang San", "13800138000", "Guangdong", "Shenzhen", "1 Nanshan Road"} {
		s.text(v)
		s.keys("Enter")
	}
	s.keys("Escape", "Down")
	s.keys("Right", "Right")
	s.waitFor(e2eWait, "payment_method", "wechat_pay")
	s.keys("C-s")
	s.waitFor(e2eWait, "✓ structuredContent matches the outputSchema")
	want := `{"items":[{"product_id":"PRD-000001","quantity":2},{"product_id":"PRD-000002","quantity":1}],` +
		`"shipping_address":{"receiver":"Zhang San","phone":"13800138000","province":"Guangdong","city":"Shenzhen","detail":"1 Nanshan Road"},` +
		`"payment_method":"wechat_pay"}`
	if got := callArguments(t, recorded(), "create_order"); got != want {
		t.Errorf("the server received\n%s\nwant\n%s", got, want)
	}
}

// callArguments returns the arguments the fixture recorded for a call.
func callArguments(t *testing.T, log, tool string) string {
	t.Helper()
	for _, line := range strings.Split(log, "\n") {
		var rec struct {
			Tool      string          `json:"tool"`
			Event     string          `json:"event"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if json.Unmarshal([]byte(line), &rec) == nil && rec.Tool == tool && rec.Event == "call" {
			return string(rec.Arguments)
		}
	}
	t.Fatalf("no call of %s recorded:\n%s", tool, log)
	return ""
}

// TestTUICancelSlowCall: Esc cancels a running call and the server sees it.
func TestTUICancelSlowCall(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	target, recorded := fixtureArgs(t)
	s := startTmux(t, 120, 36, append([]string{bin, "connect"}, target...)...)
	s.waitFor(e2eWait, "● ready")
	s.keys("/")
	s.text("slow")
	s.keys("Enter", "Enter", "C-s")
	s.waitFor(e2eWait, "calling slow")
	s.keys("Escape")
	s.waitFor(e2eWait, "Cancelled")
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(recorded(), `"event":"cancelled"`) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(recorded(), `"event":"cancelled"`) {
		t.Errorf("the fixture never saw the cancellation:\n%s", recorded())
	}
}

// TestTUIServerKilledReconnects: the UI survives a dead server, keeps the
// form, and reconnects.
func TestTUIServerKilledReconnects(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	dir := t.TempDir()
	path, env := fixture.Command("")
	args := []string{bin, "connect"}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	pidFile := filepath.Join(dir, "pid")
	args = append(args, "sh", "-c", `echo $$ > "$0"; exec "$1"`, pidFile, path)
	s := startTmux(t, 120, 36, args...)
	s.waitFor(e2eWait, "● ready")
	s.keys("/")
	s.text("echo")
	s.keys("Enter", "Enter")
	s.text("kept across reconnects")
	s.keys("Enter")
	s.waitFor(e2eWait, `"kept across reconnects"`)
	killPID(t, pidFile)
	s.waitFor(e2eWait, "● error", "Disconnected", "alt+r")
	s.keys("M-r")
	s.waitFor(e2eWait, "● ready", `"kept across reconnects"`)
}

func killPID(t *testing.T, pidFile string) {
	t.Helper()
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	if _, err := fmtSscan(strings.TrimSpace(string(data)), &pid); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
}
