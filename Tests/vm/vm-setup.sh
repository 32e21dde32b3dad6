# Shared by the VM tests (sourced): the Debian kernel, a busybox initramfs and the boot.
# Needs skip() from the sourcing script. After vm_kernel: $version, $kroot (the unpacked kernel
# package, with modules.dep). vm_initramfs DIR MODULE...: static busybox, the modules and those
# they need, in DIR (the caller writes DIR/init and packs it with vm_pack DIR OUT.gz).

vm_kernel() {
    local cache=$1 package
    package=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
    [ -n "$package" ] || skip "apt-cache knows no linux-image-amd64 (run apt-get update)"
    version=${package#linux-image-}
    kroot=$cache/$version
    if [ ! -f "$kroot/boot/vmlinuz-$version" ]; then
        ls "$cache"/"$package"_*.deb >/dev/null 2>&1 || (cd "$cache" && apt-get download "$package" >/dev/null 2>&1) ||
            skip "cannot download $package with apt-get"
        rm -rf "$kroot.tmp" && dpkg -x "$(ls "$cache"/"$package"_*.deb | head -n 1)" "$kroot.tmp" && mv "$kroot.tmp" "$kroot"
        depmod -b "$kroot" "$version"
    fi
    [ -r "$kroot/boot/vmlinuz-$version" ] || skip "cannot read $kroot/boot/vmlinuz-$version"
}

vm_initramfs() {
    local initramfs=$1 busybox=/bin/busybox applet module file relative
    shift
    rm -rf "$initramfs" && mkdir -p "$initramfs"/{bin,sbin,proc,sys,dev,tmp,lib/modules/"$version"}
    cp "$busybox" "$initramfs/bin/busybox"
    for applet in $("$busybox" --list); do
        [ "$applet" = busybox ] || ln -sf busybox "$initramfs/bin/$applet"
    done
    for module in "$@"; do
        modprobe -d "$kroot" -S "$version" --show-depends "$module" | awk '$1 == "insmod" { print $2 }'
    done | sort -u | while read -r file; do
        relative=${file#"$kroot"/}
        mkdir -p "$initramfs/$(dirname "$relative")"
        cp "$file" "$initramfs/$relative"
    done
    cp "$kroot/lib/modules/$version"/modules.{order,builtin,builtin.modinfo} "$initramfs/lib/modules/$version/"
    depmod -b "$initramfs" "$version"
}

vm_pack() {
    chmod +x "$1/init"
    (cd "$1" && find . | cpio -o -H newc --quiet | gzip -1) > "$2"
}

vm_check_tools() {
    local tool
    for tool in qemu-system-x86_64 cpio depmod modprobe dpkg apt-get gzip "$@"; do
        command -v "$tool" >/dev/null ||
            skip "$tool not found (apt-get install qemu-system-x86 busybox-static cpio kmod v4l-utils)"
    done
    [ -x /bin/busybox ] && ! ldd /bin/busybox >/dev/null 2>&1 || skip "no static busybox at /bin/busybox (apt-get install busybox-static)"
}

# vm_boot: boots $kroot's kernel with $work/initramfs.gz under TCG, the host's root and $results
# shared over 9p, the console in $work/console.log; sets $qemu_status and $vm_seconds, and skips
# (keeping $work) when the guest never said "LENSD-VM: guest ready".
vm_boot() {
    local boot_started
    boot_started=$(date +%s.%N)
    set +e
    timeout 900 qemu-system-x86_64 -accel tcg,thread=multi -cpu max -smp 2 -m 2048 -nographic -no-reboot \
        -kernel "$kroot/boot/vmlinuz-$version" -initrd "$work/initramfs.gz" \
        -append "console=ttyS0 panic=-1 quiet" \
        -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
        -virtfs local,path="$results",mount_tag=results,security_model=none \
        > "$work/console.log" 2>&1
    qemu_status=$?
    set -e
    vm_seconds=$(awk -v now="$(date +%s.%N)" -v then="$boot_started" 'BEGIN { print now - then }')
    if ! grep -q "LENSD-VM: guest ready" "$work/console.log"; then
        tail -n 20 "$work/console.log"
        keep_work=1
        skip "the VM did not start (qemu exit status $qemu_status; console in $work/console.log)"
    fi
}
