/* SPDX-License-Identifier: MIT */
/*
 * link.c - a disk's link from the kernel's words to a name and a ceiling
 * (link.h): the rate each interface carries after its line code, from the
 * interface's own standard. Pure and portable, so the fuzzers and the
 * tests reach it on any system.
 */
#include "link.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "provenance_files.h"

/* One speed of an interface: the kernel's number, a name, MB/s. */
struct speed_row {
	double value;    /* Gb/s, GT/s or Mb/s as the kernel says it */
	const char *name;
	uint32_t mb_s;   /* a lane's, a phy's, or the link's */
};

/* SATA: 8b/10b, so a tenth of the line rate in bytes. */
static const struct speed_row sata_rows[] = {
	{ 1.5, "SATA 1.5 Gb/s", 150 },
	{ 3.0, "SATA 3.0 Gb/s", 300 },
	{ 6.0, "SATA 6.0 Gb/s", 600 },
};

/* PCIe a lane: 8b/10b up to 5 GT/s, 128b/130b from 8, FLITs at 64. */
static const struct speed_row pcie_rows[] = {
	{ 2.5, "1.0", 250 },  { 5.0, "2.0", 500 },   { 8.0, "3.0", 985 },
	{ 16.0, "4.0", 1969 }, { 32.0, "5.0", 3938 }, { 64.0, "6.0", 7563 },
};

/* USB in Mb/s: 12 and 480 at their bulk transfers' most; 8b/10b at 5 Gb/s,
 * 128b/132b above. */
static const struct speed_row usb_rows[] = {
	{ 12, "USB 1.1 (12 Mb/s)", 1 },        { 480, "USB 2.0 (480 Mb/s)", 53 },
	{ 5000, "USB 5 Gb/s", 500 },           { 10000, "USB 10 Gb/s", 1212 },
	{ 20000, "USB 20 Gb/s", 2424 },        { 40000, "USB4 40 Gb/s", 4848 },
};

/* SAS a phy: 8b/10b up to 12 Gbit, 128b/150b at 22.5. */
static const struct speed_row sas_rows[] = {
	{ 1.5, "1.5", 150 },  { 3.0, "3", 300 },     { 6.0, "6", 600 },
	{ 12.0, "12", 1200 }, { 22.5, "22.5", 2400 },
};

/* PATA transfer modes, as libata names them; MB/s is the mode's own. */
static const struct {
	const char *mode;
	uint32_t mb_s;
} pata_rows[] = {
	{ "UDMA/133", 133 }, { "UDMA/100", 100 }, { "UDMA/66", 66 },
	{ "UDMA/44", 44 },   { "UDMA/33", 33 },   { "UDMA/25", 25 },
	{ "UDMA/16", 16 },   { "MWDMA2", 16 },    { "MWDMA1", 13 },
	{ "MWDMA0", 4 },     { "PIO4", 16 },      { "PIO3", 11 },
	{ "PIO2", 8 },       { "PIO1", 5 },       { "PIO0", 3 },
};

#define ROWS(a) (sizeof(a) / sizeof((a)[0]))

/* The row whose value is TEXT's leading number, or NULL. */
static const struct speed_row *find_row(const struct speed_row *rows, size_t n,
					const char *text)
{
	char *end;
	double v = strtod(text, &end);

	if (end == text)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (v > rows[i].value * 0.99 && v < rows[i].value * 1.01)
			return &rows[i];
	return NULL;
}

static void describe_pcie(struct prov_link *l)
{
	const struct speed_row *now = find_row(pcie_rows, ROWS(pcie_rows), l->speed);
	const struct speed_row *max = find_row(pcie_rows, ROWS(pcie_rows), l->max_speed);
	char text[64];

	if (!now || l->width == 0) {
		snprintf(text, sizeof(text), "PCIe %.20s%s", l->speed[0] ? l->speed : "link",
			 l->width ? "" : ", width unknown");
		prov_copy(l->name, sizeof(l->name), text);
		return;
	}
	l->ceiling_mb_s = now->mb_s * l->width;
	if (max && l->max_width && (max != now || l->max_width != l->width))
		snprintf(text, sizeof(text), "PCIe %s x%u (of %s x%u)", now->name,
			 (unsigned)l->width, max->name, (unsigned)l->max_width);
	else
		snprintf(text, sizeof(text), "PCIe %s x%u", now->name, (unsigned)l->width);
	prov_copy(l->name, sizeof(l->name), text);
}

static void describe_sas(struct prov_link *l)
{
	const struct speed_row *r = find_row(sas_rows, ROWS(sas_rows), l->speed);
	char text[64];

	if (!r) {
		snprintf(text, sizeof(text), "SAS %.30s", l->speed);
		prov_copy(l->name, sizeof(l->name), text);
		return;
	}
	if (l->width == 0)
		l->width = 1;
	l->ceiling_mb_s = r->mb_s * l->width;
	if (l->width > 1)
		snprintf(text, sizeof(text), "SAS %s Gb/s x%u", r->name, (unsigned)l->width);
	else
		snprintf(text, sizeof(text), "SAS %s Gb/s", r->name);
	prov_copy(l->name, sizeof(l->name), text);
}

void link_describe(struct prov_link *l)
{
	const struct speed_row *r = NULL;
	char text[64];

	l->ceiling_mb_s = 0;
	l->name[0] = '\0';
	if (strcmp(l->kind, "pcie") == 0) {
		describe_pcie(l);
		return;
	}
	if (strcmp(l->kind, "sas") == 0) {
		describe_sas(l);
		return;
	}
	if (strcmp(l->kind, "virtio") == 0) {
		prov_copy(l->name, sizeof(l->name), "virtio");
		return;
	}
	if (strcmp(l->kind, "pata") == 0) {
		for (size_t i = 0; i < ROWS(pata_rows); i++)
			if (strcmp(l->speed, pata_rows[i].mode) == 0)
				l->ceiling_mb_s = pata_rows[i].mb_s;
		snprintf(text, sizeof(text), "%.30s", l->speed[0] ? l->speed : "PATA");
		prov_copy(l->name, sizeof(l->name), text);
		return;
	}
	if (strcmp(l->kind, "sata") == 0)
		r = find_row(sata_rows, ROWS(sata_rows), l->speed);
	else if (strcmp(l->kind, "usb") == 0)
		r = find_row(usb_rows, ROWS(usb_rows), l->speed);
	else
		return;
	if (r) {
		l->ceiling_mb_s = r->mb_s;
		prov_copy(l->name, sizeof(l->name), r->name);
	} else {
		snprintf(text, sizeof(text), "%s %.30s",
			 strcmp(l->kind, "usb") == 0 ? "USB" : "SATA", l->speed);
		prov_copy(l->name, sizeof(l->name), text);
	}
}
