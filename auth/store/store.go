package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/adrg/xdg"
	"github.com/toolbench/toolbench/internal/private"
)

// MaxEntries bounds the file: past it, the entries saved longest ago go.
const MaxEntries = 200

// Default is the product's store: $XDG_STATE_HOME/toolbench/auth/tokens.json
// (~/.local/state on Linux when unset). The xdg package reads the
// environment once, at start-up; tests that move it call xdg.Reload.
func Default() (*Store, error) {
	base := xdg.StateHome
	if !filepath.IsAbs(base) {
		return nil, fmt.Errorf("token store: the state directory %q is not an absolute path: set XDG_STATE_HOME to one", base)
	}
	return At(filepath.Join(base, "toolbench", "auth", "tokens.json")), nil
}

// Get is the entry for the MCP server resource at the authorization
// server issuer, and whether there is one.
func (s *Store) Get(resource, issuer string) (Entry, bool, error) {
	d, err := s.read()
	if err != nil {
		return Entry{}, false, err
	}
	if i := d.find(resource, issuer); i >= 0 {
		return d.Entries[i], true, nil
	}
	return Entry{}, false, nil
}

// Latest is the entry saved most recently for the MCP server resource, at
// whichever authorization server, and whether there is one.
func (s *Store) Latest(resource string) (Entry, bool, error) {
	d, err := s.read()
	if err != nil {
		return Entry{}, false, err
	}
	// Entries are kept in the order they were saved, so the last match is
	// the latest whatever the clock did between saves.
	for i := len(d.Entries) - 1; i >= 0; i-- {
		if d.Entries[i].Resource == resource {
			return d.Entries[i], true, nil
		}
	}
	return Entry{}, false, nil
}

// Put saves e, stamped with the time, in place of any entry for the same
// resource and issuer. Past MaxEntries the oldest entries are dropped.
func (s *Store) Put(e Entry) error {
	if e.Resource == "" || e.Issuer == "" {
		return errors.New("token store: an entry needs a resource and an issuer")
	}
	return s.update(func(d *document) bool {
		if i := d.find(e.Resource, e.Issuer); i >= 0 {
			d.Entries = append(d.Entries[:i], d.Entries[i+1:]...)
		}
		e.Saved = time.Now().UTC()
		d.Entries = append(d.Entries, e)
		if n := len(d.Entries) - s.limit(); n > 0 {
			d.Entries = d.Entries[n:]
		}
		return true
	})
}

// Delete removes every entry for the MCP server resource, at every
// authorization server, and says how many there were.
func (s *Store) Delete(resource string) (int, error) {
	removed := 0
	err := s.update(func(d *document) bool {
		kept := d.Entries[:0]
		for _, e := range d.Entries {
			if e.Resource == resource {
				removed++
				continue
			}
			kept = append(kept, e)
		}
		d.Entries = kept
		return removed > 0
	})
	if err != nil {
		return 0, err
	}
	return removed, nil
}

// List is every entry, oldest saved first.
func (s *Store) List() ([]Entry, error) {
	d, err := s.read()
	if err != nil {
		return nil, err
	}
	return d.Entries, nil
}

// limit is the bound on entries; tests lower it.
func (s *Store) limit() int {
	if s.max > 0 {
		return s.max
	}
	return MaxEntries
}

// read loads the file under the lock, so its mode checks race no writer.
// A store whose directory does not exist yet is empty, and reading it
// creates nothing.
func (s *Store) read() (document, error) {
	if _, err := os.Stat(filepath.Dir(s.path)); errors.Is(err, fs.ErrNotExist) {
		return document{Version: fileVersion}, nil
	}
	var d document
	err := s.locked(func() error {
		var err error
		d, err = load(s.path)
		return err
	})
	return d, err
}

// update loads the file, changes it with change and writes it back when
// change says it changed something, all under the lock, so concurrent
// writers each see the other's entries.
func (s *Store) update(change func(*document) bool) error {
	return s.locked(func() error {
		d, err := load(s.path)
		if err != nil {
			return err
		}
		if !change(&d) {
			return nil
		}
		return save(s.path, d)
	})
}

// locked runs f holding the lock file beside the store, after making sure
// the directory exists and only its owner can enter it.
func (s *Store) locked(f func() error) error {
	dir := filepath.Dir(s.path)
	if err := private.Dir(dir); err != nil {
		return fmt.Errorf("token store: %w", err)
	}
	held, err := private.Lock(s.path+".lock", true)
	if err != nil {
		return fmt.Errorf("token store: lock %s: %w", s.path+".lock", err)
	}
	defer held.Unlock()
	return f()
}
