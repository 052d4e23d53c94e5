package render

import (
	"fmt"
	"image"
	"strings"
)

// pixel is an 8-bit colour; on is false for a pixel that is mostly
// transparent, which is drawn as the terminal's own background.
type pixel struct {
	r, g, b uint8
	on      bool
}

// samplesPerSide bounds the work of scaling down: each target pixel
// averages at most this many source pixels across and down, so a
// 8192-px-wide image costs no more than a small one.
const samplesPerSide = 4

// sampled scales img to tw×th pixels, each the average of up to
// samplesPerSide² source pixels spread over the area it stands for.
func sampled(img image.Image, tw, th int) []pixel {
	b := img.Bounds()
	out := make([]pixel, tw*th)
	for y := range th {
		y0, y1 := span1(b.Min.Y, b.Dy(), y, th)
		for x := range tw {
			x0, x1 := span1(b.Min.X, b.Dx(), x, tw)
			out[y*tw+x] = average(img, x0, x1, y0, y1)
		}
	}
	return out
}

// span1 is the source range [lo, hi) that target index i of n covers in a
// source axis starting at origin and size long.
func span1(origin, size, i, n int) (lo, hi int) {
	lo = origin + i*size/n
	hi = max(lo+1, origin+(i+1)*size/n)
	return lo, hi
}

// average is the mean colour of up to samplesPerSide² points spread over
// [x0,x1)×[y0,y1). Colours are premultiplied, so averaging them with
// their alpha is right; the result is un-premultiplied for the terminal.
func average(img image.Image, x0, x1, y0, y1 int) pixel {
	var r, g, b, a, n uint64
	sx, sy := min(samplesPerSide, x1-x0), min(samplesPerSide, y1-y0)
	for j := range sy {
		y := y0 + j*(y1-y0)/sy
		for i := range sx {
			x := x0 + i*(x1-x0)/sx
			pr, pg, pb, pa := img.At(x, y).RGBA()
			r, g, b, a, n = r+uint64(pr), g+uint64(pg), b+uint64(pb), a+uint64(pa), n+1
		}
	}
	if a == 0 || a/n < 0x8000 {
		return pixel{}
	}
	// r/a is the straight colour in [0,1]; scale to 8 bits.
	return pixel{r: uint8(r * 255 / a), g: uint8(g * 255 / a), b: uint8(b * 255 / a), on: true}
}

// cellColours is the SGR state left by the last cell of a row, so that a
// run of cells of one colour is coloured once.
type cellColours struct {
	fg, bg pixel
	set    bool
}

// writeCell writes one cell for an upper and a lower pixel and returns
// the colours it left set.
func writeCell(w *strings.Builder, upper, lower pixel, prev cellColours, colour bool) cellColours {
	glyph, fg, bg := " ", pixel{}, pixel{}
	switch {
	case upper.on:
		glyph, fg, bg = "▀", upper, lower
	case lower.on:
		glyph, fg = "▄", lower
	}
	if !colour {
		w.WriteString(glyph)
		return prev
	}
	next := cellColours{fg: fg, bg: bg, set: true}
	if next != prev {
		w.WriteString("\x1b[m")
		if fg.on {
			fmt.Fprintf(w, "\x1b[38;2;%d;%d;%dm", fg.r, fg.g, fg.b)
		}
		if bg.on {
			fmt.Fprintf(w, "\x1b[48;2;%d;%d;%dm", bg.r, bg.g, bg.b)
		}
	}
	w.WriteString(glyph)
	return next
}
