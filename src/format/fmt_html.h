/* SPDX-License-Identifier: MIT */
/*
 * fmt_html.h - what clyde's HTML pages share (fmt_html.c's page of runs,
 * the comparison's page, report/fmt_compare.c): the page's head with the
 * style every page has, and the report's facts under the tables.
 */
#ifndef FMT_HTML_H
#define FMT_HTML_H

#include <stdio.h>

/*
 * An HTML page's opening up to and with its <h1>TITLE</h1> (TITLE plain
 * text, no markup): the style every page shares, then STYLE (more rules,
 * "" for none).
 */
void fmt_html_begin(FILE *out, const char *title, const char *style);

/*
 * F's caption and notes under an "About these runs" heading; nothing for
 * a NULL F or one with neither.
 */
struct run_facts;
void fmt_html_facts(FILE *out, const struct run_facts *f);

#endif
