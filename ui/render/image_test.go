package render

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/toolbench/toolbench/ui/theme"
)

// TestHalfBlocksGolden draws the 20×20 test PNG at its own size and
// scaled into 8 columns, with colour and without: the plain golden is the
// shape, the coloured one the colours of each cell.
func TestHalfBlocksGolden(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/image20x20.png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name       string
		cols, rows int
		colour     bool
		wantW      int
		wantH      int
	}{
		{"full/colour", 80, ImageRows, true, 20, 10},
		{"full/plain", 80, ImageRows, false, 20, 10},
		{"cols8/colour", 8, ImageRows, true, 8, 4},
		{"rows3/plain", 80, 3, false, 6, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rows := HalfBlocks(img, c.cols, c.rows, c.colour)
			if len(rows) != c.wantH {
				t.Errorf("%d rows, want %d", len(rows), c.wantH)
			}
			for _, r := range rows {
				if w := ansi.StringWidth(r); w != c.wantW {
					t.Errorf("row is %d cells, want %d: %q", w, c.wantW, r)
				}
			}
			out := strings.Join(rows, "\n") + "\n"
			if c.colour {
				assertOnlySGR(t, out)
			} else if out != ansi.Strip(out) {
				t.Errorf("plain rows hold escapes: %q", out)
			}
			golden.RequireEqual(t, out)
		})
	}
}

// TestHalfBlocksShapes checks each kind of cell on a 2×4 image: both
// pixels opaque (▀ with a background), only the lower (▄), none (space),
// only the upper (▀ without one).
func TestHalfBlocksShapes(t *testing.T) {
	t.Parallel()
	red, blue := color.NRGBA{R: 255, A: 255}, color.NRGBA{B: 255, A: 255}
	img := image.NewNRGBA(image.Rect(0, 0, 2, 4))
	img.Set(0, 0, red)
	img.Set(0, 1, blue)
	img.Set(1, 1, blue)
	img.Set(1, 2, red)
	got := HalfBlocks(img, 10, 10, true)
	want := []string{
		"\x1b[m\x1b[38;2;255;0;0m\x1b[48;2;0;0;255m▀\x1b[m\x1b[38;2;0;0;255m▄\x1b[m",
		"\x1b[m \x1b[m\x1b[38;2;255;0;0m▀\x1b[m",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if plain := HalfBlocks(img, 10, 10, false); strings.Join(plain, "|") != "▀▄| ▀" {
		t.Errorf("plain: %q", plain)
	}
}

// TestImageBlockFallsBack feeds images that must not be drawn: each comes
// out as the one descriptive line, with the reason.
func TestImageBlockFallsBack(t *testing.T) {
	t.Parallel()
	tiny := pngOf(t, 1, 1, color.NRGBA{})
	for _, c := range []struct {
		name, mime, data, reason string
	}{
		{"huge png header", "image/png", b64(pngHeader(100000, 100000)), "100000×100000 px is over the limit"},
		{"wide png header", "image/png", b64(pngHeader(9000, 2)), "9000×2 px is over the limit"},
		{"huge gif header", "image/gif", b64(gifHeader(65535, 65535)), "65535×65535 px is over the limit"},
		{"corrupt png body", "image/png", b64(pngHeader(20, 20)), "corrupt png"},
		{"not an image", "image/png", b64([]byte("hello, world")), "only PNG, JPEG and GIF are drawn"},
		{"webp", "image/webp", b64(append([]byte("RIFF\x00\x00\x00\x00WEBPVP8 "), make([]byte, 32)...)), "only PNG, JPEG and GIF"},
		{"not base64", "image/png", "!!!not base64!!!", "the data is not base64"},
		{"too much data", "image/png", strings.Repeat("A", 4*(maxImageData/3+4)), "over the 16.0 MB limit"},
		{"transparent", "image/png", b64(tiny), "1×1 px · fully transparent"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rows := resultBlock(theme.Plain(), Block{Type: "image", MIMEType: c.mime, Data: c.data}, 200)
			if len(rows) != 1 || !strings.Contains(rows[0], c.reason) || !strings.HasPrefix(rows[0], c.mime+" · ") {
				t.Errorf("got %q, want one line with %q", rows, c.reason)
			}
		})
	}
}

// TestImageBlockDraws draws a valid image under its description, scaled
// to the width it is given.
func TestImageBlockDraws(t *testing.T) {
	t.Parallel()
	data := b64(pngOf(t, 80, 10, color.NRGBA{G: 200, A: 255}))
	rows := resultBlock(theme.New(theme.DefaultPalette(true)), Block{Type: "image", MIMEType: "image/png", Data: data}, 40)
	if len(rows) != 1+3 || !strings.HasPrefix(rows[0], "image/png · ") || !strings.HasSuffix(rows[0], "80×10 px") {
		t.Fatalf("got %q, want the description and 3 rows of a 40×5 picture", rows)
	}
	for _, r := range rows[1:] {
		if ansi.Strip(r) != strings.Repeat("▀", 40) || !strings.Contains(r, "38;2;0;200;0") {
			t.Errorf("row %q is not 40 green half blocks", r)
		}
	}
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// pngOf is a w×h PNG of one colour.
func pngOf(t *testing.T, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pngHeader is a PNG signature and a well-formed IHDR claiming w×h
// pixels, with no image data after it: what a hostile server sends to
// make a decoder allocate gigabytes.
func pngHeader(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk := append([]byte("IHDR"), ihdr...)
	out := []byte("\x89PNG\r\n\x1a\n")
	out = binary.BigEndian.AppendUint32(out, 13)
	out = append(out, chunk...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(chunk))
}

// gifHeader is a GIF89a header whose logical screen is w×h.
func gifHeader(w, h uint16) []byte {
	out := []byte("GIF89a")
	out = binary.LittleEndian.AppendUint16(out, w)
	out = binary.LittleEndian.AppendUint16(out, h)
	return append(out, 0, 0, 0, ';')
}

// TestImageBadAncillaryCRC: a wrong CRC on an ancillary chunk (as in
// server-everything's tiny image) does not stop the drawing; one on a
// critical chunk does.
func TestImageBadAncillaryCRC(t *testing.T) {
	t.Parallel()
	good := pngOf(t, 4, 2, color.NRGBA{R: 9, A: 255})
	const ihdrEnd = 8 + 12 + 13
	text := append(binary.BigEndian.AppendUint32(nil, 4), "tEXtab=c"...)
	text = append(text, 0xde, 0xad, 0xbe, 0xef)
	withText := append(append(append([]byte{}, good[:ihdrEnd]...), text...), good[ihdrEnd:]...)
	badIDAT := append([]byte{}, good...)
	badIDAT[len(badIDAT)-12-1] ^= 0xff // the last byte of IDAT's CRC, before IEND
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"bad ancillary", withText, "▀▀▀▀"},
		{"bad critical", badIDAT, "not drawn: corrupt png"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rows := resultBlock(theme.Plain(), Block{Type: "image", MIMEType: "image/png", Data: b64(c.data)}, 80)
			if !strings.Contains(strings.Join(rows, "\n"), c.want) {
				t.Errorf("got %q, want %q", rows, c.want)
			}
		})
	}
}
