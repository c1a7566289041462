# The runtime stage's root file system, cached: debootstrap's minbase of the stage's suite from the mirror
# apt uses here, then the stage's instructions up to the binary's COPY, run as Docker runs them
# (`/bin/sh -c`, as the USER and in the WORKDIR set so far, with the ENV set so far). Sourced by
# scripts/check-runtime-image inside its namespaces; sets `root`.

# "URI SUITE" for each Debian source apt reads here, one-line and deb822 files alike.
host_sources() {
    local file
    for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$file" ] || continue
        awk '$1 == "deb" { i = 2; if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ } print $i, $(i + 1) }' "$file"
    done
    for file in /etc/apt/sources.list.d/*.sources; do
        [ -f "$file" ] || continue
        awk 'BEGIN { RS = ""; FS = "\n" }
            {
                types = uris = suites = ""
                for (n = 1; n <= NF; n++) {
                    if ($n ~ /^Types:/) types = $n
                    if ($n ~ /^URIs:/) uris = $n
                    if ($n ~ /^Suites:/) suites = $n
                }
                if (types !~ /[: ]deb( |$)/) next
                count = split(uris, uri, " "); suiteCount = split(suites, suite, " ")
                for (i = 2; i <= count; i++) for (j = 2; j <= suiteCount; j++) print uri[i], suite[j]
            }' "$file"
    done
}
mirror_of() { host_sources | awk -v suite="$1" '$2 == suite { print $1; exit }'; }

mirror=$(mirror_of "$suite")
[ -n "$mirror" ] || die "apt here has no source for $suite (/etc/apt/sources.list*): no mirror to debootstrap from"
# The image's own sources: the suite, its updates and its security suite, where apt here has them.
image_sources=""
for name in "$suite" "$suite-updates" "$suite-security"; do
    uri=$(mirror_of "$name")
    if [ -n "$uri" ]; then
        image_sources+="Types: deb"$'\n'"URIs: $uri"$'\n'"Suites: $name"$'\n'"Components: main"$'\n'
        image_sources+="Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"$'\n\n'
    fi
done

mkdir -p "$cache"
base=$cache/base
base_key="debootstrap --variant=minbase $suite $mirror"
if [ "$(cat "$cache/base.key" 2>/dev/null)" != "$base_key" ]; then
    say "$base_key (once; cached in $base)"
    rm -rf --one-file-system "$base" "$base.new" "$cache/base.key"
    interruptible debootstrap --variant=minbase "$suite" "$base.new" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
        { tail -n 30 "$cache/debootstrap.log" >&2; die "debootstrap failed (its log: $cache/debootstrap.log)"; }
    mv "$base.new" "$base"
    echo "$base_key" >"$cache/base.key"
fi

root_key=$(printf '%s\n' "$base_key" "$image_sources" "$setup" | sha256sum | cut -c1-16)
root=$cache/root-$root_key
if [ ! -f "$root.done" ]; then
    say "making the runtime root from the stage's instructions (once per change to them; cached in $root)"
    for old in "$cache"/root-*; do [ -e "$old" ] && rm -rf --one-file-system "$old"; done
    cp -a "$base" "$root.new"
    : >"$cache/setup.log"
    rm -f "$root.new/etc/apt/sources.list"
    printf '%s' "$image_sources" >"$root.new/etc/apt/sources.list.d/debian.sources"
    mount_at -t proc proc "$root.new/proc"
    mount_at --bind /dev "$root.new/dev"
    user=0:0
    workdir=/
    environment=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root)
    while read -r keyword arguments; do
        case $keyword in
            ENV) mapfile -t -O "${#environment[@]}" environment < <(env_words "$arguments") ;;
            USER) user=$arguments ;;
            WORKDIR) workdir=$arguments; mkdir -p "$root.new$workdir" ;;
            RUN)
                say "RUN $arguments"
                interruptible chroot --userspec="$user" "$root.new" /usr/bin/env -i -C "$workdir" "${environment[@]}" /bin/sh -c "$arguments" >>"$cache/setup.log" 2>&1 ||
                    { tail -n 30 "$cache/setup.log" >&2; die "the runtime stage's RUN failed in the root (its log: $cache/setup.log): $arguments"; } ;;
        esac
    done <<<"$setup"
    for package in $packages; do
        chroot "$root.new" dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
            die "the runtime stage lists $package, but it is not installed in the root (its log: $cache/setup.log)"
    done
    cleanup
    mv "$root.new" "$root"
    touch "$root.done"
fi
