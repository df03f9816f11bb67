/* SPDX-License-Identifier: MIT */
/*
 * svg.c - the pieces every clyde SVG image uses (svg.h): the page and its
 * style, the palette, axis scales, labels wrapped over lines, and the
 * report's caption and notes under the charts.
 */
#include "svg.h"

#include <inttypes.h>
#include <string.h>

#include "fmt_present.h"
#include "fmt_text.h"
#include "run_facts.h"
#include "lib/utf8.h"

/* Colour-blind-friendly hues (Okabe-Ito), then hues a golden angle apart. */
static const char *const palette[] = {
	"#0072b2", "#e69f00", "#009e73", "#cc79a7",
	"#56b4e9", "#d55e00", "#7f7f00", "#555555",
};

/*
 * Past the palette: hues a golden angle apart at its saturation and
 * lightness, as #rrggbb because SVG 1.1 viewers need not know hsl().
 */
void svg_colour(FILE *out, size_t i)
{
	size_t n = sizeof(palette) / sizeof(palette[0]);
	double h = (double)((i - n) * 137 % 360) / 60.0, c = 0.5, l = 0.45;
	double x = h - 2.0 * (double)(int)(h / 2.0) - 1.0;
	double rgb[3] = { 0, 0, 0 };
	int sector = (int)h;

	if (i < n) {
		fputs(palette[i], out);
		return;
	}
	x = c * (1.0 - (x < 0 ? -x : x));
	rgb[(7 - sector) % 3] = x;        /* sectors 0..5: x goes to g r b g r b */
	rgb[(sector + 1) / 2 % 3] = c;    /* c goes to r g g b b r */
	fputc('#', out);
	for (int k = 0; k < 3; k++)
		fprintf(out, "%02x", (int)((rgb[k] + l - c / 2) * 255.0 + 0.5));
}

void svg_scale(double max, double *axis_max, double *step)
{
	static const double steps[] = { 1.0, 2.0, 2.5, 5.0 };
	double scale = 1.0;

	*step = 10.0;
	if (!(max > 0) || max > 1e300) {
		*step = 1.0;
	} else {
		while (max / scale > 60.0)
			scale *= 10.0;
		while (max / scale < 6.0)
			scale /= 10.0;
		*step = 10.0 * scale;
		for (size_t i = sizeof(steps) / sizeof(steps[0]); i-- > 0;)
			if (max / (steps[i] * scale) <= 6.0)
				*step = steps[i] * scale;
	}
	*axis_max = *step;
	while (*axis_max < max * (1 - 1e-12))
		*axis_max += *step;
}

/* Decimals a tick of STEP needs: 0 for 50, 1 for 2.5 or 0.5, 2 for 0.25. */
static int step_decimals(double step)
{
	int d = 0;
	double x = step;

	while (d < 6) {
		double frac = x - (double)(int64_t)x;

		if (frac < 1e-6 || frac > 1 - 1e-6)
			break;
		x *= 10.0;
		d++;
	}
	return d;
}

void svg_axis(FILE *out, int x0, int top, int bottom, bool scale,
	      double axis_max, double step)
{
	if (scale)
		svg_axis_ticks(out, x0, top, bottom, axis_max, step, SVG_PLOT_PX);
	fprintf(out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
		"y2=\"%d\"/>\n", x0, top, x0, bottom);
}

void svg_axis_ticks(FILE *out, int x0, int top, int bottom, double axis_max,
		    double step, int plot_px)
{
	int decimals = step_decimals(step);

	for (int k = 0; k * step <= axis_max * (1 + 1e-9); k++) {
		double v = k * step;
		double x = x0 + v / axis_max * plot_px;

		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\"/>\n", x, top, x, bottom);
		fprintf(out, "<text class=\"tick\" x=\"%.1f\" y=\"%d\">%.*f"
			"</text>\n", x, bottom + 14, decimals, v);
	}
}

size_t svg_lines(const char *text, size_t cols)
{
	size_t n = 1;

	while (utf8_line_bytes(text, cols, &text), *text)
		n++;
	return n;
}

void svg_text(FILE *out, const char *cls, int x, int y, const char *text,
	      size_t cols, const char *title)
{
	char line[1024];
	bool first = true;

	fprintf(out, "<text class=\"%s\" x=\"%d\" y=\"%d\">", cls, x, y);
	if (title) {
		fputs("<title>", out);
		present_markup_text(out, title);
		fputs("</title>", out);
	}
	do {
		const char *next;
		size_t len = utf8_line_bytes(text, cols, &next);

		if (len >= sizeof(line))
			len = utf8_cut_bytes(text, len, sizeof(line) - 1);
		memcpy(line, text, len);
		line[len] = '\0';
		fprintf(out, "<tspan x=\"%d\" dy=\"%d\">", x,
			first ? 0 : SVG_LINE_PX);
		present_markup_text(out, line);
		fputs("</tspan>", out);
		first = false;
		text = next;
	} while (*text);
	fputs("</text>\n", out);
}

void svg_begin(FILE *out, int width, int height, const char *title,
	       const char *note)
{
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"system-ui, sans-serif\" font-size=\"12\">\n"
		"<style>\n"
		"svg{max-width:100%%;height:auto}\n"
		".title{font-size:15px;font-weight:bold;fill:#222}\n"
		".unit{font-weight:normal;fill:#555}\n"
		".name{text-anchor:end;fill:#222}\n"
		".desc{text-anchor:end;fill:#666;font-size:11px}\n"
		".value{fill:#222}.cpu{fill:#777;font-size:11px}\n"
		".note{fill:#777;font-style:italic}\n"
		".fact{fill:#333}\n"
		".tick{text-anchor:middle;fill:#555;font-size:11px}\n"
		".grid{stroke:#ddd;stroke-width:1}\n"
		".axis{stroke:#888;stroke-width:1}\n"
		".spread{stroke:#222;stroke-width:1.5}\n"
		"</style>\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
		"<text class=\"title\" x=\"%d\" y=\"26\" font-size=\"18\">",
		width, height, width, height, SVG_MARGIN);
	present_markup_text(out, title);
	fprintf(out, "</text>\n<text class=\"note\" x=\"%d\" y=\"46\">",
		SVG_MARGIN);
	present_markup_text(out, note);
	fputs("</text>\n", out);
}

/* The caption as one line: "Every run: bonnie++ 2.00a, ...". */
static void caption_text(const struct run_facts *f, char *buf, size_t len)
{
	buf[0] = '\0';
	if (f->caption[0]) {
		fmt_join(buf, len, "", "Every run: ");
		fmt_join(buf, len, "", f->caption);
		fmt_join(buf, len, "", ".");
	}
}

int svg_facts_height(const struct run_facts *f, size_t cols)
{
	char caption[FACTS_CAPTION_MAX + 16];
	size_t lines = 0, texts = 0;

	if (!f)
		return 0;
	caption_text(f, caption, sizeof(caption));
	if (caption[0]) {
		lines += svg_lines(caption, cols);
		texts++;
	}
	for (size_t i = 0; i < f->n_notes; i++, texts++)
		lines += svg_lines(f->notes[i], cols);
	/* The gaps between them, and SVG_GAP under the last. */
	return texts ? (int)lines * SVG_LINE_PX + (int)(texts - 1) * SVG_NOTE_GAP +
			       SVG_GAP
		     : 0;
}

void svg_facts(FILE *out, const struct run_facts *f, int y, size_t cols)
{
	char caption[FACTS_CAPTION_MAX + 16];

	if (!f)
		return;
	caption_text(f, caption, sizeof(caption));
	if (caption[0]) {
		svg_text(out, "fact", SVG_MARGIN, y, caption, cols, NULL);
		y += (int)svg_lines(caption, cols) * SVG_LINE_PX + SVG_NOTE_GAP;
	}
	for (size_t i = 0; i < f->n_notes; i++) {
		svg_text(out, "fact", SVG_MARGIN, y, f->notes[i], cols, NULL);
		y += (int)svg_lines(f->notes[i], cols) * SVG_LINE_PX + SVG_NOTE_GAP;
	}
}
