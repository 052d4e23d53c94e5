package history

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/adrg/xdg"
	"github.com/toolbench/toolbench/internal/private"
)

// Options bound the log. Zero fields take the defaults.
type Options struct {
	// MaxRecords is how many records the log keeps at most (10,000).
	MaxRecords int
	// MaxBytes is how many bytes the log's files hold at most (256 MiB).
	MaxBytes int64
}

// The bounds Options' zero fields stand for.
const (
	DefaultMaxRecords       = 10_000
	DefaultMaxBytes   int64 = 256 << 20
)

// segments is how many files the log is kept in: the bounds are met by
// deleting the oldest file whole, never by rewriting one.
const segments = 10

// DefaultDir is where the product keeps what it remembers:
// $XDG_STATE_HOME/toolbench (~/.local/state/toolbench on Linux). The xdg
// package reads the environment once, at start-up; tests that move it
// call xdg.Reload.
func DefaultDir() (string, error) {
	base := xdg.StateHome
	if !filepath.IsAbs(base) {
		return "", fmt.Errorf("history: the state directory %q is not an absolute path: set XDG_STATE_HOME to one", base)
	}
	return filepath.Join(base, "toolbench"), nil
}

// Store is everything history keeps, under one directory.
type Store struct {
	// Dir is the directory (0700).
	Dir string
	// Log is the calls; Presets the saved arguments; Snapshots the last
	// snapshot of each server.
	Log       *Log
	Presets   *Presets
	Snapshots *Snapshots
}

// Open opens (creating, 0700) the store under dir. An existing directory
// others can enter is tightened to 0700; one owned by another user is
// refused.
func Open(dir string, opts Options) (*Store, error) {
	if !filepath.IsAbs(dir) {
		return nil, fmt.Errorf("history: the directory %q is not an absolute path", dir)
	}
	logDir := filepath.Join(dir, "history")
	snapDir := filepath.Join(dir, "snapshots")
	for _, d := range []string{dir, logDir, snapDir} {
		if err := private.Dir(d); err != nil {
			return nil, fmt.Errorf("history: %w", err)
		}
	}
	return &Store{
		Dir:       dir,
		Log:       newLog(logDir, opts),
		Presets:   &Presets{path: filepath.Join(dir, "presets.json")},
		Snapshots: &Snapshots{dir: snapDir},
	}, nil
}

// fileMode checks an opened history file is private (see private.File).
func fileMode(f *os.File) error {
	if err := private.File(f, f.Name()); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	return nil
}
