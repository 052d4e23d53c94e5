package conformance

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestJudge(t *testing.T) {
	t.Parallel()
	ok := check{ID: "a", Status: statusSuccess}
	bad := check{ID: "b", Status: statusFailure, ErrorMessage: "wrong"}
	info := check{ID: "c", Status: "INFO"}
	warn := check{ID: "d", Status: statusWarning}
	for name, tc := range map[string]struct {
		checks  []check
		pass    bool
		nothing bool
	}{
		"no checks: the suite's 0/0 pass": {checks: nil, nothing: true},
		"only info":                       {checks: []check{info, info}, nothing: true},
		"only a warning":                  {checks: []check{warn}, nothing: true},
		"one success":                     {checks: []check{info, ok}, pass: true},
		"success and warning":             {checks: []check{ok, warn}, pass: true},
		"success and failure":             {checks: []check{ok, bad}},
		"failure alone":                   {checks: []check{bad}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			err := judge(tc.checks)
			if (err == nil) != tc.pass {
				t.Fatalf("judge = %v, want pass %v", err, tc.pass)
			}
			if got := errors.Is(err, errNothingPassed); got != tc.nothing {
				t.Errorf("judge = %v: nothing passed %v, want %v", err, got, tc.nothing)
			}
		})
	}
}

func TestReadChecks(t *testing.T) {
	t.Parallel()
	const body = `[{"id":"tool-add-numbers","name":"ToolAddNumbers","description":"d","status":"SUCCESS",` +
		`"timestamp":"2026-12-01T12:00:00Z","details":{"a":1}}]`
	for name, tc := range map[string]struct {
		scenario string
		files    map[string]string // path under the output folder: content
		want     int               // checks read; -1 for an error
	}{
		"one run":           {"tools_call", map[string]string{"tools_call-2026-12-01T12-00-00-000Z/checks.json": body}, 1},
		"scenario with a /": {"auth/basic-cimd", map[string]string{"auth/basic-cimd-2026-12-01T12-00-00-000Z/checks.json": body}, 1},
		"no run":            {"tools_call", nil, -1},
		"two runs": {"tools_call", map[string]string{
			"tools_call-2026-12-01T12-00-00-000Z/checks.json": body,
			"tools_call-2026-12-01T12-00-01-000Z/checks.json": body,
		}, -1},
		"not JSON": {"tools_call", map[string]string{"tools_call-2026-12-01T12-00-00-000Z/checks.json": "Checks:"}, -1},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for p, content := range tc.files {
				p = filepath.Join(dir, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			checks, err := readChecks(dir, tc.scenario)
			switch {
			case tc.want < 0 && err == nil:
				t.Fatalf("readChecks = %+v, want an error", checks)
			case tc.want >= 0 && err != nil:
				t.Fatalf("readChecks: %v", err)
			case len(checks) != max(tc.want, 0):
				t.Fatalf("read %d checks, want %d", len(checks), tc.want)
			}
			if tc.want > 0 && (checks[0].ID != "tool-add-numbers" || checks[0].Status != statusSuccess) {
				t.Errorf("read %+v", checks[0])
			}
		})
	}
}
