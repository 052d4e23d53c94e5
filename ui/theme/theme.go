// Package theme holds toolbench's semantic palette and the one Styles value
// built from it, shared by the workbench and its form editor. Views ask for
// meanings (an error, a hint, a selected row), never for colours.
package theme

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Palette names colours by what they mean.
type Palette struct {
	Text, Muted, Subtle color.Color
	Accent, AccentText  color.Color
	OK, Warn, Error     color.Color
	Border, Selected    color.Color
	// JSON syntax.
	Key, String, Number, Literal color.Color
}

// DefaultPalette suits dark or light terminals.
func DefaultPalette(dark bool) Palette {
	ld := lipgloss.LightDark(dark)
	return Palette{
		Text:       ld(lipgloss.Color("#1f2328"), lipgloss.Color("#e6e6e6")),
		Muted:      ld(lipgloss.Color("#57606a"), lipgloss.Color("#9a9a9a")),
		Subtle:     ld(lipgloss.Color("#8c959f"), lipgloss.Color("#6a6a6a")),
		Accent:     ld(lipgloss.Color("#6f42c1"), lipgloss.Color("#b392f0")),
		AccentText: ld(lipgloss.Color("#ffffff"), lipgloss.Color("#1a1a1a")),
		OK:         ld(lipgloss.Color("#1a7f37"), lipgloss.Color("#56d364")),
		Warn:       ld(lipgloss.Color("#9a6700"), lipgloss.Color("#e3b341")),
		Error:      ld(lipgloss.Color("#cf222e"), lipgloss.Color("#ff7b72")),
		Border:     ld(lipgloss.Color("#d0d7de"), lipgloss.Color("#444c56")),
		Selected:   ld(lipgloss.Color("#ddf4ff"), lipgloss.Color("#2d333b")),
		Key:        ld(lipgloss.Color("#0550ae"), lipgloss.Color("#79c0ff")),
		String:     ld(lipgloss.Color("#0a3069"), lipgloss.Color("#a5d6ff")),
		Number:     ld(lipgloss.Color("#953800"), lipgloss.Color("#ffa657")),
		Literal:    ld(lipgloss.Color("#8250df"), lipgloss.Color("#d2a8ff")),
	}
}

// Styles are the styles every view draws with.
type Styles struct {
	Palette Palette

	Text, Muted, Subtle lipgloss.Style
	Title, Heading      lipgloss.Style
	Accent              lipgloss.Style
	OK, Warn, Error     lipgloss.Style
	// Banner styles a full-width notice, such as an isError result.
	ErrorBanner, WarnBanner lipgloss.Style
	// Selected is the cursor row; Focused a field being edited.
	Selected, Focused lipgloss.Style
	Border            lipgloss.Style
	// Badge is a small label such as an annotation hint.
	Badge, BadgeWarn, BadgeMuted lipgloss.Style
	// Key and Help style key hints.
	Key, Help lipgloss.Style
	// JSON syntax.
	JSONKey, JSONString, JSONNumber, JSONLiteral, JSONPunct lipgloss.Style
	// Required marks required fields.
	Required lipgloss.Style
}

// New builds Styles from a palette.
func New(p Palette) *Styles {
	s := lipgloss.NewStyle()
	fg := func(c color.Color) lipgloss.Style { return s.Foreground(c) }
	return &Styles{
		Palette:     p,
		Text:        fg(p.Text),
		Muted:       fg(p.Muted),
		Subtle:      fg(p.Subtle),
		Title:       fg(p.Accent).Bold(true),
		Heading:     fg(p.Text).Bold(true),
		Accent:      fg(p.Accent),
		OK:          fg(p.OK),
		Warn:        fg(p.Warn),
		Error:       fg(p.Error),
		ErrorBanner: s.Foreground(p.AccentText).Background(p.Error).Bold(true).Padding(0, 1),
		WarnBanner:  s.Foreground(p.AccentText).Background(p.Warn).Bold(true).Padding(0, 1),
		Selected:    s.Background(p.Selected).Foreground(p.Text),
		Focused:     fg(p.Accent).Bold(true),
		Border:      fg(p.Border),
		Badge:       fg(p.Accent),
		BadgeWarn:   fg(p.Error).Bold(true),
		BadgeMuted:  fg(p.Subtle),
		Key:         fg(p.Accent).Bold(true),
		Help:        fg(p.Muted),
		JSONKey:     fg(p.Key),
		JSONString:  fg(p.String),
		JSONNumber:  fg(p.Number),
		JSONLiteral: fg(p.Literal),
		JSONPunct:   fg(p.Subtle),
		Required:    fg(p.Error).Bold(true),
	}
}

// Plain has no colours at all: for golden tests and NO_COLOR.
func Plain() *Styles {
	s := New(DefaultPalette(true))
	plain := lipgloss.NewStyle()
	for _, st := range []*lipgloss.Style{&s.Text, &s.Muted, &s.Subtle, &s.Title, &s.Heading, &s.Accent,
		&s.OK, &s.Warn, &s.Error, &s.Selected, &s.Focused, &s.Border, &s.Badge, &s.BadgeWarn,
		&s.BadgeMuted, &s.Key, &s.Help, &s.JSONKey, &s.JSONString, &s.JSONNumber, &s.JSONLiteral,
		&s.JSONPunct, &s.Required} {
		*st = plain
	}
	s.ErrorBanner, s.WarnBanner = plain, plain
	return s
}
