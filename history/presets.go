package history

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/toolbench/toolbench/internal/private"
)

// Preset is arguments saved under a name, for one server and tool.
type Preset struct {
	// Name is what the person called it; unique per server and tool.
	Name string `json:"name"`
	// Server and Tool are whose it is.
	Server Server `json:"server"`
	Tool   string `json:"tool"`
	// Arguments is the arguments object.
	Arguments json.RawMessage `json:"arguments"`
	// Saved is when it was last saved.
	Saved time.Time `json:"saved"`
}

// MaxPresetName is the longest preset name, in characters.
const MaxPresetName = 100

// presetsVersion is the layout of the presets file.
const presetsVersion = 1

// presetsDoc is the presets file's layout.
type presetsDoc struct {
	Version int      `json:"version"`
	Presets []Preset `json:"presets"`
}

// Presets are the saved arguments, in one small file rewritten whole.
type Presets struct {
	path string
}

// ValidPresetName says what is wrong with name as a preset's name, or nil.
func ValidPresetName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("a preset name cannot be empty")
	case strings.ContainsAny(name, "\r\n"):
		return errors.New("a preset name must be one line")
	case len([]rune(name)) > MaxPresetName:
		return fmt.Errorf("a preset name is at most %d characters; this one has %d", MaxPresetName, len([]rune(name)))
	}
	return nil
}

// Save stores args as the preset name of server's tool, replacing one of
// the same name. args must be a JSON object.
func (p *Presets) Save(server Server, tool, name string, args json.RawMessage) error {
	if err := ValidPresetName(name); err != nil {
		return fmt.Errorf("save preset: %w", err)
	}
	if t := bytes.TrimSpace(args); len(t) == 0 || t[0] != '{' || !json.Valid(t) {
		return fmt.Errorf("save preset %q: the arguments must be a JSON object", name)
	}
	pr := Preset{Name: name, Server: server, Tool: tool, Arguments: bytes.TrimSpace(args), Saved: time.Now().UTC()}
	return p.update(func(d *presetsDoc) bool {
		if i := d.find(server.Key, tool, name); i >= 0 {
			d.Presets[i] = pr
			return true
		}
		d.Presets = append(d.Presets, pr)
		return true
	})
}

// List returns the presets of the server with serverKey ("" for every
// server) and of tool ("" for every tool), sorted by name.
func (p *Presets) List(serverKey, tool string) ([]Preset, error) {
	d, err := p.read()
	if err != nil {
		return nil, err
	}
	var out []Preset
	for _, pr := range d.Presets {
		if (serverKey == "" || pr.Server.Key == serverKey) && (tool == "" || pr.Tool == tool) {
			out = append(out, pr)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Get returns one preset and whether there is one.
func (p *Presets) Get(serverKey, tool, name string) (Preset, bool, error) {
	d, err := p.read()
	if err != nil {
		return Preset{}, false, err
	}
	if i := d.find(serverKey, tool, name); i >= 0 {
		return d.Presets[i], true, nil
	}
	return Preset{}, false, nil
}

// Delete removes one preset and says whether there was one.
func (p *Presets) Delete(serverKey, tool, name string) (bool, error) {
	found := false
	err := p.update(func(d *presetsDoc) bool {
		if i := d.find(serverKey, tool, name); i >= 0 {
			d.Presets = append(d.Presets[:i], d.Presets[i+1:]...)
			found = true
		}
		return found
	})
	return found, err
}

// find is the index of the preset, or -1.
func (d presetsDoc) find(serverKey, tool, name string) int {
	for i, pr := range d.Presets {
		if pr.Server.Key == serverKey && pr.Tool == tool && pr.Name == name {
			return i
		}
	}
	return -1
}

// read loads the file under the lock.
func (p *Presets) read() (presetsDoc, error) {
	var d presetsDoc
	err := p.locked(func() error {
		var err error
		d, err = loadPresets(p.path)
		return err
	})
	return d, err
}

// update loads, changes and (when change says so) rewrites the file, all
// under the lock, so concurrent writers each keep the other's presets.
func (p *Presets) update(change func(*presetsDoc) bool) error {
	return p.locked(func() error {
		d, err := loadPresets(p.path)
		if err != nil {
			return err
		}
		if !change(&d) {
			return nil
		}
		d.Version = presetsVersion
		b, err := json.MarshalIndent(d, "", "  ")
		if err != nil {
			return fmt.Errorf("presets: encode: %w", err)
		}
		// A writer that crashed between its temporary file and the
		// rename left the file behind; under the lock none is in use.
		stale, _ := filepath.Glob(filepath.Join(filepath.Dir(p.path), tempPattern(p.path)))
		for _, name := range stale {
			_ = os.Remove(name)
		}
		return replaceFile(p.path, append(b, '\n'))
	})
}

// locked runs f holding the lock file beside the presets file.
func (p *Presets) locked(f func() error) error {
	held, err := private.Lock(p.path+".lock", true)
	if err != nil {
		return fmt.Errorf("presets: lock %s: %w", p.path+".lock", err)
	}
	defer held.Unlock()
	return f()
}

// loadPresets reads the file at path; a missing file holds no presets.
func loadPresets(path string) (presetsDoc, error) {
	d := presetsDoc{Version: presetsVersion}
	f, err := private.Open(path, os.O_RDONLY)
	if os.IsNotExist(err) {
		return d, nil
	}
	if err != nil {
		return d, fmt.Errorf("presets: %w", err)
	}
	defer f.Close()
	if err := fileMode(f); err != nil {
		return d, err
	}
	if err := json.NewDecoder(f).Decode(&d); err != nil {
		if errors.Is(err, io.EOF) {
			return d, fmt.Errorf("presets: %s is empty, not a presets file; delete it (toolbench starts a new one)", path)
		}
		return d, fmt.Errorf("presets: %s is not a presets file: %w; move it aside (toolbench starts a new one)", path, err)
	}
	if d.Version != presetsVersion {
		return d, fmt.Errorf("presets: %s has layout version %d, this toolbench reads %d", path, d.Version, presetsVersion)
	}
	// The file is indented for people; arguments are handed out compact,
	// as they were saved.
	for i, pr := range d.Presets {
		var buf bytes.Buffer
		if json.Compact(&buf, pr.Arguments) == nil {
			d.Presets[i].Arguments = buf.Bytes()
		}
	}
	return d, nil
}
