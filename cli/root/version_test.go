package root

import (
	"runtime/debug"
	"testing"
)

// TestVersionLine: the version says which build it is, from what the
// build recorded: the stamped version, else the module's, and the VCS
// revision, its time and whether the tree was modified.
func TestVersionLine(t *testing.T) {
	t.Parallel()
	vcs := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "2fb02b7c0ffee1234567890abcdef1234567890a"},
		{Key: "vcs.time", Value: "2026-12-02T04:40:00Z"}, {Key: "vcs.modified", Value: "true"}}
	tests := []struct {
		name    string
		stamped string
		info    *debug.BuildInfo
		want    string
	}{
		{"no build info", "dev", nil, "dev"},
		{"go install of a tag", "dev", &debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{"a checkout", "dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs},
			"dev (commit 2fb02b7c0ffe, 2026-12-02T04:40:00Z, modified)"},
		{"a pseudo-version names the commit", "dev", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261202044000-2fb02b7c0ffe+dirty"}, Settings: vcs},
			"v0.0.0-20261202044000-2fb02b7c0ffe+dirty (modified)"},
		{"stamped at release", "v2.0.0", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs[:3]},
			"v2.0.0 (commit 2fb02b7c0ffe, 2026-12-02T04:40:00Z)"},
	}
	for _, tt := range tests {
		if got := versionLine(tt.stamped, tt.info); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
