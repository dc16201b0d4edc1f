// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Copyright (C) 2026 SUSE LLC <mdoucha@suse.cz>
 *
 * OpenPOSIX test bootstrap
 */

int test_main(int argc, char **argv);

int main(int argc, char **argv)
{
	return test_main(argc, argv);
}
