package render

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"strings"

	// The decoders a result's image may need; the standard library's three.
	_ "image/gif"
	_ "image/jpeg"
	_ "image/png"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// Limits on an image drawn in the terminal. A server is untrusted: its
// header may claim any size, and decoding allocates what the header says,
// so the header is read and judged before a single pixel is decoded.
const (
	// maxImageData is the most base64-decoded bytes drawn.
	maxImageData = 16 << 20
	// maxImageSide and maxImagePixels bound what decoding may allocate
	// (4 bytes a pixel: 64 MB at most).
	maxImageSide   = 8192
	maxImagePixels = 16 << 20
	// ImageRows is the most terminal rows an image takes: two pixel rows
	// a cell, so 48 pixels high at most, whatever the pane's height.
	ImageRows = 24
	// unboundedCols is the width an image is drawn at when the caller
	// sets none.
	unboundedCols = 80
)

// imageBlock is an image content block: the one-line description, then
// the picture in half-block cells; when it cannot be drawn, the line says
// why instead.
//
// Half blocks on every terminal, Kitty and sixel ones included: bubbletea's
// cell renderer carries an APC or DCS image sequence inside the one cell
// that holds it and replays it whenever that cell is repainted, knowing
// nothing of the area the picture covers. A sixel is then painted over by
// the cells under it, and a Kitty placement stays on screen when the
// result scrolls or the tab changes.
func imageBlock(st *theme.Styles, c Block, width int) []string {
	cols := width
	if cols <= 0 {
		cols = unboundedCols
	}
	img, err := decodeImage(c.Data)
	if err != nil {
		return Wrap(media(c)+" · not drawn: "+termsafe.Line(err.Error()), width)
	}
	rows := HalfBlocks(img, cols, ImageRows, colourful(st))
	if blank(rows) {
		// A tracking pixel or an empty canvas: a row of spaces would
		// look like a rendering fault.
		return Wrap(media(c)+" · fully transparent", width)
	}
	return append(Wrap(media(c), width), rows...)
}

// decodeImage decodes base64 image data after checking its header against
// the limits.
func decodeImage(b64 string) (image.Image, error) {
	if n := decodedSize(b64); n > maxImageData {
		return nil, fmt.Errorf("%s of data is over the %s limit", humanBytes(n), humanBytes(maxImageData))
	}
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return nil, fmt.Errorf("the data is not base64: %w", err)
	}
	data = dropBadAncillary(data)
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("only PNG, JPEG and GIF are drawn: %w", err)
	}
	switch {
	case cfg.Width <= 0 || cfg.Height <= 0:
		return nil, fmt.Errorf("the %s header says %d×%d px", format, cfg.Width, cfg.Height)
	case cfg.Width > maxImageSide || cfg.Height > maxImageSide || cfg.Width*cfg.Height > maxImagePixels:
		return nil, fmt.Errorf("%d×%d px is over the limit of %d px a side and %d megapixels",
			cfg.Width, cfg.Height, maxImageSide, maxImagePixels>>20)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("corrupt %s: %w", format, err)
	}
	return img, nil
}

// blank reports whether rows draw nothing but spaces.
func blank(rows []string) bool {
	for _, r := range rows {
		if strings.TrimSpace(ansi.Strip(r)) != "" {
			return false
		}
	}
	return true
}

// colourful reports whether st draws in colour. theme.Plain leaves every
// style without a foreground; an image drawn for it keeps only its shape.
func colourful(st *theme.Styles) bool {
	_, none := st.Text.GetForeground().(lipgloss.NoColor)
	return !none
}

// HalfBlocks draws img in at most cols columns and rows rows of Unicode
// half blocks: each cell is two pixels, the upper one the foreground of ▀
// and the lower one its background. The image is scaled down to fit,
// keeping its aspect (pixels come out square on a usual terminal), never
// up. A pixel that is mostly transparent is left blank, so a cell whose
// upper pixel is transparent is a ▄ and one with both is a space. Without
// colour only those shapes remain.
func HalfBlocks(img image.Image, cols, rows int, colour bool) []string {
	b := img.Bounds()
	if b.Empty() || cols <= 0 || rows <= 0 {
		return nil
	}
	scale := min(1, float64(cols)/float64(b.Dx()), float64(2*rows)/float64(b.Dy()))
	tw := max(1, int(float64(b.Dx())*scale))
	th := max(1, int(float64(b.Dy())*scale))
	px := sampled(img, tw, th)
	out := make([]string, 0, (th+1)/2)
	var row strings.Builder
	for y := 0; y < th; y += 2 {
		row.Reset()
		var prev cellColours
		for x := range tw {
			lower := pixel{}
			if y+1 < th {
				lower = px[(y+1)*tw+x]
			}
			prev = writeCell(&row, px[y*tw+x], lower, prev, colour)
		}
		if colour {
			row.WriteString("\x1b[m")
		}
		out = append(out, row.String())
	}
	return out
}
