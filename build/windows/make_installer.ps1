# Makes dist\bazaar-VERSION-windows-setup.exe from the bundle in dist\bazaar (make the bundle
# first, then check it with build/check_bundle.sh) with the compiler of Inno Setup, pinned to
# one version so every release is built alike:
#   pwsh build\windows\make_installer.ps1 -Version 0.1.0
# ISCC.exe is looked for wherever installers put it (Program Files, Program Files (x86), the
# per-user Programs folder, Inno Setup's uninstall entries in the registry, PATH); the first of
# the pinned version is used. Without one, Chocolatey installs that version. (Runner images
# have had Inno Setup or not, in one folder or another, from one image version to the next.)
param(
    [Parameter(Mandatory = $true)][string]$Version,
    # bazaar.iss needs 6.3 or newer (x64compatible)
    [string]$InnoSetupVersion = "6.7.1"
)
$ErrorActionPreference = "Stop"
Set-StrictMode -Version Latest

function Get-IsccVersion([string]$Path) {
    $info = (Get-Item -LiteralPath $Path).VersionInfo
    "{0}.{1}.{2}" -f $info.FileMajorPart, $info.FileMinorPart, $info.FileBuildPart
}

function Find-Iscc {
    $candidates = [System.Collections.Generic.List[string]]::new()
    $roots = @(${env:ProgramFiles(x86)}, $env:ProgramFiles)
    if ($env:LOCALAPPDATA) { $roots += Join-Path $env:LOCALAPPDATA "Programs" }
    foreach ($root in $roots) {
        if ($root -and (Test-Path -LiteralPath $root)) {
            Get-ChildItem -LiteralPath $root -Filter "Inno Setup*" -Directory -ErrorAction SilentlyContinue |
                ForEach-Object { $candidates.Add((Join-Path $_.FullName "ISCC.exe")) }
        }
    }
    $uninstall = "Microsoft\Windows\CurrentVersion\Uninstall\Inno Setup*_is1"
    foreach ($key in @("HKLM:\SOFTWARE\WOW6432Node\$uninstall", "HKLM:\SOFTWARE\$uninstall", "HKCU:\SOFTWARE\$uninstall")) {
        Get-ItemProperty -Path $key -ErrorAction SilentlyContinue | ForEach-Object {
            $location = $_.PSObject.Properties["InstallLocation"]
            if ($location -and $location.Value) { $candidates.Add((Join-Path $location.Value "ISCC.exe")) }
        }
    }
    Get-Command ISCC.exe -CommandType Application -ErrorAction SilentlyContinue |
        ForEach-Object { $candidates.Add($_.Source) }
    $candidates | Where-Object { Test-Path -LiteralPath $_ -PathType Leaf } | Select-Object -Unique
}

function Find-PinnedIscc {
    foreach ($path in @(Find-Iscc)) {
        $found = Get-IsccVersion $path
        Write-Host "found $path (Inno Setup $found)"
        if ($found -eq $InnoSetupVersion) { return $path }
    }
    return $null
}

$iscc = Find-PinnedIscc
if (-not $iscc) {
    Write-Host "installing Inno Setup $InnoSetupVersion with Chocolatey"
    choco install innosetup --version $InnoSetupVersion --allow-downgrade --force --yes --no-progress
    if ($LASTEXITCODE -notin 0, 3010) { throw "choco install innosetup $InnoSetupVersion exited $LASTEXITCODE" }
    $iscc = Find-PinnedIscc
    if (-not $iscc) { throw "no ISCC.exe of Inno Setup $InnoSetupVersion, even after installing it" }
}

# The setup program's binary version: the version's leading numbers, at most four of 16 bits
# (0.1.0 -> 0.1.0.0, 1.2rc1 -> 1.2.0.0), as build/windows/version_resource.py gives the programs
$leading = [regex]::Match($Version, '^\d+(\.\d+)*')
if (-not $leading.Success) { throw "version $Version does not start with a number" }
$numbers = @($leading.Value -split '\.' | ForEach-Object { [long]$_ })
if ($numbers.Count -gt 4 -or @($numbers | Where-Object { $_ -gt 65535 }).Count -gt 0) {
    throw "version $Version does not fit four 16-bit numbers"
}
while ($numbers.Count -lt 4) { $numbers += 0 }
$fileVersion = $numbers -join '.'

Write-Host "compiling build\windows\bazaar.iss with $iscc (version $Version, file version $fileVersion)"
& $iscc "/DAppVersion=$Version" "/DAppFileVersion=$fileVersion" (Join-Path $PSScriptRoot "bazaar.iss")
if ($LASTEXITCODE -ne 0) { throw "ISCC exited $LASTEXITCODE" }
$setup = Join-Path (Split-Path (Split-Path $PSScriptRoot)) "dist\bazaar-$Version-windows-setup.exe"
if (-not (Test-Path -LiteralPath $setup -PathType Leaf)) { throw "ISCC made no $setup" }
Write-Host $setup
