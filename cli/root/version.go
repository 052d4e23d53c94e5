package root

import (
	"runtime/debug"
	"strings"
)

// version is stamped at release time with
// -ldflags "-X github.com/toolbench/toolbench/cli/root.version=...".
var version = "dev"

// versionString is toolbench's version as `version` and --version print
// it, from what this build recorded.
func versionString() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = nil
	}
	return versionLine(version, info)
}

// versionLine is the version stamped at release (-ldflags), else the
// module's (go install of a tag), followed by the VCS revision, its time
// and whether the tree was modified, when the build recorded them (a
// build in a checkout): "dev" alone says nothing of which build it is.
func versionLine(stamped string, info *debug.BuildInfo) string {
	v := stamped
	if info == nil {
		return v
	}
	if m := info.Main.Version; v == "dev" && m != "" && m != "(devel)" {
		v = m
	}
	var rev, at string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	short := rev[:min(12, len(rev))]
	var parts []string
	switch {
	case rev == "":
		return v
	case !strings.Contains(v, short):
		// A pseudo-version (go build in a checkout, Go 1.24 on) names the
		// commit and its time already.
		parts = append(parts, "commit "+short)
		if at != "" {
			parts = append(parts, at)
		}
	}
	if modified {
		parts = append(parts, "modified")
	}
	if len(parts) == 0 {
		return v
	}
	return v + " (" + strings.Join(parts, ", ") + ")"
}
