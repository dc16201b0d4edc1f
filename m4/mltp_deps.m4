# SPDX-License-Identifier: LGPL-2.1-or-later
# mltp_deps.m4 - platform and dependency checks for MLTP.
#
# Every check that fails names the Debian package to install
# (scripts/deps installs all of them).

# MLTP_CHECK_PLATFORM
# -------------------
# MLTP has machine-dependent assembly for x86-64 and aarch64, and VPs are
# Linux clone() processes. Check both the host triplet and what the
# compiler actually targets (CC="gcc -m32", an x32 or an ILP32 compiler is
# refused as well). Sets MLTP_ARCH (x86_64 or aarch64), which names the
# .S files, and the automake conditionals ARCH_X86_64 and ARCH_AARCH64.
AC_DEFUN([MLTP_CHECK_PLATFORM], [
AC_REQUIRE([AC_CANONICAL_HOST])
AC_REQUIRE([AC_PROG_CC])
AC_MSG_CHECKING([whether $host with $CC is x86-64 or aarch64 Linux (LP64)])
MLTP_ARCH=
AS_CASE([$host_cpu-$host_os],
  [x86_64-linux*],
  [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#if !defined(__x86_64__) || !defined(__LP64__) || !defined(__linux__)
#error not x86-64 Linux (LP64)
#endif
]])], [MLTP_ARCH=x86_64])],
  [aarch64-linux*],
  [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#if !defined(__aarch64__) || !defined(__LP64__) || !defined(__linux__) || \
    defined(__AARCH64EB__)
#error not little-endian aarch64 Linux (LP64)
#endif
]])], [MLTP_ARCH=aarch64])])
AC_MSG_RESULT([${MLTP_ARCH:-no}])
AS_IF([test -z "$MLTP_ARCH"],
  [AC_MSG_ERROR([MLTP supports x86-64 Linux and aarch64 Linux (LP64, little-endian) only.
Host: $host; compiler: $CC (it must target one of them: x86_64-linux-gnu or
aarch64-linux-gnu, e.g. ./configure --host=aarch64-linux-gnu to cross-compile).])])
AC_SUBST([MLTP_ARCH])
AM_CONDITIONAL([ARCH_X86_64], [test "x$MLTP_ARCH" = xx86_64])
AM_CONDITIONAL([ARCH_AARCH64], [test "x$MLTP_ARCH" = xaarch64])
])

# MLTP_CHECK_URCU
# ---------------
# liburcu's atomics (urcu/uatomic.h). Only the headers are used (uatomic
# is inline on x86-64 and aarch64), so URCU_CFLAGS goes into AM_CPPFLAGS
# and URCU_LIBS is substituted but not linked. Uses the pkg-config module
# liburcu when there is one, else a plain header check. Its -I options
# become -isystem: the headers are system headers wherever they are (a
# cross-compiling sysroot's too), and their own conversions (aarch64's
# generic uatomic) are not for our warning list to judge. For a standard
# system directory both options are ignored: a native build is the same.
AC_DEFUN([MLTP_CHECK_URCU], [
AC_REQUIRE([PKG_PROG_PKG_CONFIG])
PKG_CHECK_MODULES([URCU], [liburcu], [], [:])
URCU_CFLAGS=`printf '%s\n' "$URCU_CFLAGS" | sed 's/\(^\|[[ 	]]\)-I[[ 	]]*/\1-isystem /g'`
mltp_save_CPPFLAGS=$CPPFLAGS
CPPFLAGS="$CPPFLAGS $URCU_CFLAGS"
AC_CHECK_HEADER([urcu/uatomic.h], [],
  [AC_MSG_ERROR([liburcu's headers (urcu/uatomic.h) were not found.
On Debian or Ubuntu install the package liburcu-dev:
    sudo apt-get install liburcu-dev    (or run scripts/deps)
Elsewhere install userspace-rcu, or set URCU_CFLAGS.])])
CPPFLAGS=$mltp_save_CPPFLAGS
AC_SUBST([URCU_CFLAGS])
AC_SUBST([URCU_LIBS])
])

# MLTP_CHECK_CHECK
# ----------------
# The Check unit test framework, needed only by `make check'. When it is
# missing configure still succeeds, and `make check' stops with a message
# (see Makefile.am). Sets the automake conditional HAVE_CHECK.
AC_DEFUN([MLTP_CHECK_CHECK], [
AC_REQUIRE([PKG_PROG_PKG_CONFIG])
PKG_CHECK_MODULES([CHECK], [check], [mltp_have_check=yes],
  [mltp_have_check=no
   AC_MSG_WARN([the Check unit test framework was not found (pkg-config module check).
The library builds, but `make check' needs it. On Debian or Ubuntu install
the package check:
    sudo apt-get install check    (or run scripts/deps)
then run configure again.])])
AM_CONDITIONAL([HAVE_CHECK], [test "x$mltp_have_check" = xyes])
])

# MLTP_CHECK_PAPI
# ---------------
# PAPI hardware counters, optional (the benchmarks use them when present).
# --with-papi makes a missing PAPI an error, --without-papi skips the check.
# Defines HAVE_PAPI (bench/counters.c), substitutes PAPI_CFLAGS and PAPI_LIBS.
AC_DEFUN([MLTP_CHECK_PAPI], [
AC_REQUIRE([PKG_PROG_PKG_CONFIG])
AC_ARG_WITH([papi],
  [AS_HELP_STRING([--with-papi],
    [use PAPI counters in the benchmarks (default: if found)])],
  [], [with_papi=check])
mltp_have_papi=no
AS_IF([test "x$with_papi" != xno], [
  PKG_CHECK_MODULES([PAPI], [papi], [mltp_have_papi=yes], [
    mltp_save_LIBS=$LIBS
    AC_CHECK_HEADER([papi.h],
      [AC_CHECK_LIB([papi], [PAPI_library_init],
        [mltp_have_papi=yes; PAPI_CFLAGS=; PAPI_LIBS=-lpapi])])
    LIBS=$mltp_save_LIBS])
  AS_IF([test "x$mltp_have_papi" != xyes], [
    AS_IF([test "x$with_papi" = xyes],
      [AC_MSG_ERROR([--with-papi was given but PAPI (papi.h, -lpapi) was not found.
On Debian or Ubuntu install the package libpapi-dev:
    sudo apt-get install libpapi-dev    (or run scripts/deps)])],
      [AC_MSG_NOTICE([PAPI (papi.h, -lpapi) not found; benchmarks will not count cycles
with PAPI. On Debian or Ubuntu install the package libpapi-dev to enable it.])])])
])
AS_IF([test "x$mltp_have_papi" = xyes],
  [AC_DEFINE([HAVE_PAPI], [1], [Define to 1 if PAPI is available.])],
  [PAPI_CFLAGS=; PAPI_LIBS=])
AC_SUBST([PAPI_CFLAGS])
AC_SUBST([PAPI_LIBS])
])

# MLTP_CHECK_BOOST_CONTEXT
# ------------------------
# Boost.Context's jump_fcontext, a baseline switch of the benchmarks only
# (bench/ops_switch.c declares it: the fcontext functions have C linkage in
# libboost_context). Never required: without it the benchmark's row says
# n/a. BOOST_CONTEXT_LIBS links it into bench/mltp_bench alone.
AC_DEFUN([MLTP_CHECK_BOOST_CONTEXT], [
AC_ARG_WITH([boost-context],
  [AS_HELP_STRING([--with-boost-context],
    [compare with Boost.Context's jump_fcontext in the benchmarks (default: if found)])],
  [], [with_boost_context=check])
mltp_have_boost_context=no
BOOST_CONTEXT_LIBS=
AS_IF([test "x$with_boost_context" != xno], [
  mltp_save_LIBS=$LIBS
  AC_CHECK_LIB([boost_context], [jump_fcontext],
    [mltp_have_boost_context=yes; BOOST_CONTEXT_LIBS=-lboost_context])
  LIBS=$mltp_save_LIBS
  AS_IF([test "x$mltp_have_boost_context" != xyes], [
    AS_IF([test "x$with_boost_context" = xyes],
      [AC_MSG_ERROR([--with-boost-context was given but -lboost_context was not found.
On Debian or Ubuntu install the package libboost-context-dev:
    sudo apt-get install libboost-context-dev    (or run scripts/deps --bench)])],
      [AC_MSG_NOTICE([Boost.Context (-lboost_context) not found; the benchmarks' Boost.Context
switch row will say n/a. On Debian or Ubuntu install libboost-context-dev to enable it.])])])
])
AS_IF([test "x$mltp_have_boost_context" = xyes],
  [AC_DEFINE([HAVE_BOOST_CONTEXT], [1],
    [Define to 1 if the benchmarks can link Boost.Context (jump_fcontext).])])
AC_SUBST([BOOST_CONTEXT_LIBS])
])

# MLTP_CHECK_STACK_CLASH
# ----------------------
# -fstack-clash-protection makes a frame or alloca() larger than a page
# touch every page on its way down, so that it faults in a ULT's guard
# instead of jumping over it into the stack below (GCC 8, Clang 11).
# STACK_CLASH_CFLAGS builds the library with it, and mltp.pc gives it to
# programs. -Werror: Clang only warns of an option it does not know.
AC_DEFUN([MLTP_CHECK_STACK_CLASH], [
AC_REQUIRE([AC_PROG_CC])
STACK_CLASH_CFLAGS=
AX_CHECK_COMPILE_FLAG([-fstack-clash-protection],
  [STACK_CLASH_CFLAGS=-fstack-clash-protection], [], [-Werror])
AC_SUBST([STACK_CLASH_CFLAGS])
])

# MLTP_CHECK_WARNINGS
# -------------------
# The warnings every target is built with, beyond -Wall -Wextra (a list
# in the spirit of liburcu's): each one the compiler accepts goes into
# WARN_CFLAGS, which AM_CFLAGS and the targets with flags of their own
# carry. --enable-Werror makes them errors (CI builds that way); nothing
# else does, so that a user's CFLAGS never break the build.
AC_DEFUN([MLTP_CHECK_WARNINGS], [
AC_REQUIRE([AC_PROG_CC])
AC_ARG_ENABLE([Werror],
  [AS_HELP_STRING([--enable-Werror], [treat the warnings of every target as errors])],
  [], [enable_Werror=no])
WARN_CFLAGS=
AX_APPEND_COMPILE_FLAGS([-Wshadow -Wconversion -Wsign-conversion -Wstrict-prototypes \
    -Wmissing-prototypes -Wmissing-declarations -Wold-style-definition \
    -Wnested-externs -Wpointer-arith -Wcast-align -Wwrite-strings \
    -Wredundant-decls -Wundef -Wformat=2 -Wjump-misses-init -Wlogical-op \
    -Wnull-dereference -Wduplicated-cond -Wduplicated-branches \
    -Wvla -Wimplicit-fallthrough], [WARN_CFLAGS], [-Werror])
AS_IF([test "x$enable_Werror" = xyes], [AX_APPEND_FLAG([-Werror], [WARN_CFLAGS])])
AC_SUBST([WARN_CFLAGS])
])

# MLTP_CHECK_OPENMP
# -----------------
# OpenMP (GCC's libgomp), one of the three back ends of apps/ (the thread
# package the apps compare MLTP with). Required: it comes with GCC.
# OPENMP_CFLAGS compiles and links apps/par/ and the apps.
AC_DEFUN([MLTP_CHECK_OPENMP], [
AC_OPENMP
AS_IF([test "x$ac_cv_prog_c_openmp" = xunsupported || test -z "$OPENMP_CFLAGS"],
  [AC_MSG_ERROR([the C compiler does not support OpenMP, which apps/ compares MLTP with.
On Debian or Ubuntu GCC's OpenMP runtime is the package libgomp1:
    sudo apt-get install libgomp1])])
])

# MLTP_CHECK_VALGRIND
# -------------------
# valgrind/valgrind.h (Debian's valgrind package): the library tells
# valgrind where ULT stacks are (ult/valgrind.h, vp/valgrind.h), so that
# memcheck takes a switch for a change of stack. Header only: a client
# request is a few instructions that do nothing outside valgrind, and the
# library makes them only where a stack is mapped or unmapped or a process
# is made, never on a switch or a creation from the caches. So the default
# is on whenever the header is there; --disable-valgrind leaves them out,
# --enable-valgrind makes a missing header an error. Defines MLTP_VALGRIND.
AC_DEFUN([MLTP_CHECK_VALGRIND], [
AC_ARG_ENABLE([valgrind],
  [AS_HELP_STRING([--enable-valgrind],
    [tell valgrind where ULT stacks are (default: if valgrind/valgrind.h is found)])],
  [], [enable_valgrind=auto])
mltp_have_valgrind=no
AS_IF([test "x$enable_valgrind" != xno], [
  AC_CHECK_HEADER([valgrind/valgrind.h], [mltp_have_valgrind=yes])
  AS_IF([test "x$mltp_have_valgrind" != xyes && test "x$enable_valgrind" = xyes],
    [AC_MSG_ERROR([--enable-valgrind was given but valgrind/valgrind.h was not found.
On Debian or Ubuntu install the package valgrind:
    sudo apt-get install valgrind    (or run scripts/deps)])])])
AS_IF([test "x$mltp_have_valgrind" = xyes],
  [AC_DEFINE([MLTP_VALGRIND], [1],
    [Define to 1 to tell valgrind where ULT stacks are.])])
AC_PATH_PROG([VALGRIND], [valgrind])
AM_CONDITIONAL([HAVE_VALGRIND], [test -n "$VALGRIND"])
])

# MLTP_CHECK_MPI
# --------------
# MPI, for apps/ocean-mpi (the ocean model across ranks, MLTP inside each)
# and its tests; the library never uses it. Found with pkg-config (Open
# MPI's mpi-c, MPICH's mpich), else with the wrapper's own report (Open
# MPI's mpicc --showme, MPICH's mpicc -compile_info / -link_info), then
# checked by linking MPI_Init_thread. Never required: without it
# apps/ocean-mpi is not built and its tests skip. MPI_CFLAGS, MPI_LIBS;
# MPIRUN (mpirun or mpiexec) runs the tests; HAVE_MPI.
AC_DEFUN([MLTP_CHECK_MPI], [
AC_REQUIRE([PKG_PROG_PKG_CONFIG])
AC_ARG_WITH([mpi],
  [AS_HELP_STRING([--with-mpi],
    [build apps/ocean-mpi, the ocean model across MPI ranks (default: if found)])],
  [], [with_mpi=check])
mltp_have_mpi=no
AS_IF([test "x$with_mpi" != xno], [
  PKG_CHECK_MODULES([MPI], [mpi-c], [mltp_have_mpi=yes],
    [PKG_CHECK_MODULES([MPI], [mpich], [mltp_have_mpi=yes], [:])])
  AS_IF([test "x$mltp_have_mpi" != xyes], [
    AC_PATH_PROG([MPICC], [mpicc])
    AS_IF([test -n "$MPICC"], [
      AS_IF([MPI_CFLAGS=`$MPICC --showme:compile 2>/dev/null` &&
             MPI_LIBS=`$MPICC --showme:link 2>/dev/null`], [mltp_have_mpi=yes],
            [MPI_CFLAGS=`$MPICC -compile_info 2>/dev/null | cut -d' ' -f2-` &&
             MPI_LIBS=`$MPICC -link_info 2>/dev/null | cut -d' ' -f2-` &&
             mltp_have_mpi=yes])])])
  AS_IF([test "x$mltp_have_mpi" = xyes], [
    mltp_save_CFLAGS=$CFLAGS mltp_save_LIBS=$LIBS
    CFLAGS="$CFLAGS $MPI_CFLAGS" LIBS="$MPI_LIBS $LIBS"
    AC_MSG_CHECKING([whether MPI programs link])
    AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <mpi.h>]],
        [[int provided; return MPI_Init_thread(0, 0, MPI_THREAD_SERIALIZED, &provided);]])],
      [AC_MSG_RESULT([yes])], [AC_MSG_RESULT([no]); mltp_have_mpi=no])
    CFLAGS=$mltp_save_CFLAGS LIBS=$mltp_save_LIBS])
  AC_PATH_PROGS([MPIRUN], [mpirun mpiexec])
  AS_IF([test "x$mltp_have_mpi" != xyes], [MPI_CFLAGS= MPI_LIBS=
    AS_IF([test "x$with_mpi" = xyes],
      [AC_MSG_ERROR([--with-mpi was given but no MPI was found (pkg-config mpi-c or mpich, or mpicc).
On Debian or Ubuntu install Open MPI:
    sudo apt-get install openmpi-bin libopenmpi-dev    (or run scripts/deps --mpi)])],
      [AC_MSG_NOTICE([MPI not found: apps/ocean-mpi is not built and its tests skip.
On Debian or Ubuntu scripts/deps --mpi installs Open MPI.])])])
])
AC_SUBST([MPI_CFLAGS])
AC_SUBST([MPI_LIBS])
AM_CONDITIONAL([HAVE_MPI], [test "x$mltp_have_mpi" = xyes])
])

# MLTP_CHECK_GO
# -------------
# go, for the benchmarks' Go rows only (bench/go/life.go and
# bench/go/sleep.go, built as bench/go-life and bench/go-sleep by the bench
# targets): never required; without it those rows say n/a. GO; HAVE_GO.
AC_DEFUN([MLTP_CHECK_GO], [
AC_ARG_VAR([GO], [the go command, for the benchmarks' Go rows])
AC_PATH_PROG([GO], [go])
AM_CONDITIONAL([HAVE_GO], [test -n "$GO"])
])
